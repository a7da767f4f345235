import { cpxPostbackParams } from '@rewards/contracts';
import { md5 } from '../../walls/frame.ts';
import { firstIssue, sameHex } from './compare.ts';
import type { PostbackVerifier } from './types.ts';

/**
 * CPX Research: `hash` = md5(`<trans_id>-<secret>`); `status` 1 = credit, 2 = reversal;
 * `user_id` = the numeric Roblox id passed as `ext_user_id`; `amount_local` already in R$.
 */
export const cpxVerifier: PostbackVerifier = {
  verify(params, secret) {
    const transId = params.trans_id;
    const hash = params.hash;
    if (!transId || !hash || !sameHex(md5(`${transId}-${secret}`), hash)) {
      return { ok: false, verdict: 'bad_signature', message: 'Invalid hash' };
    }
    const parsed = cpxPostbackParams.safeParse(params);
    if (!parsed.success) return { ok: false, verdict: 'invalid', message: firstIssue(parsed.error) };
    const p = parsed.data;
    return {
      ok: true,
      postback: {
        action: p.status === '2' ? 'reversal' : 'credit',
        transId: p.trans_id,
        robloxId: p.user_id,
        amounts: { local: p.amount_local, usd: p.amount_usd },
      },
    };
  },
};
