import { createHmac } from 'node:crypto';
import { hmacPostbackParams } from '@rewards/contracts';
import { firstIssue, sameHex } from './compare.ts';
import type { PostbackVerifier } from './types.ts';

/** The signed text: every parameter but `sig`, sorted by name, as `k=v&k=v` with the decoded values. */
export function canonicalString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sig')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function hmacSignature(params: Record<string, string>, secret: string): string {
  return createHmac('sha256', secret).update(canonicalString(params), 'utf8').digest('hex');
}

/**
 * The generic signed scheme: hex HMAC-SHA256 of the canonical string keyed with the wall's secret,
 * in the `x-signature` header or the `sig` parameter.
 */
export const hmacVerifier: PostbackVerifier = {
  verify(params, secret, signatureHeader) {
    const given = signatureHeader ?? params.sig;
    if (!given || !sameHex(hmacSignature(params, secret), given)) {
      return { ok: false, verdict: 'bad_signature', message: 'Invalid signature' };
    }
    const parsed = hmacPostbackParams.safeParse(params);
    if (!parsed.success) return { ok: false, verdict: 'invalid', message: firstIssue(parsed.error) };
    const p = parsed.data;
    return {
      ok: true,
      postback: {
        action: p.status === 'reversal' || p.status === '2' ? 'reversal' : 'credit',
        transId: p.trans_id,
        robloxId: p.user_id,
        amounts: { local: p.amount_local, usd: p.amount_usd, reward: p.reward, amount: p.amount },
      },
    };
  },
};
