import { fields, signing, z, type PostbackScheme } from './kit.ts';

export const HMAC_SIGNATURE_HEADER = 'x-signature';

const params = z.object({
  status: z
    .enum(['credit', 'reversal', '1', '2'], { message: 'status must be credit or reversal' })
    .default('credit'),
  trans_id: fields.transIdField('trans_id'),
  user_id: fields.robloxIdField('user_id'),
  amount: fields.decimalField('amount').optional(),
  amount_usd: fields.decimalField('amount_usd').optional(),
  amount_local: fields.decimalField('amount_local').optional(),
  reward: fields.decimalField('reward').optional(),
});

/** The signed text: every parameter but `sig`, sorted by name, as `k=v&k=v` with the decoded values. */
export function canonicalString(p: Record<string, string>): string {
  return Object.keys(p)
    .filter((k) => k !== 'sig')
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&');
}

/**
 * The generic scheme of our own, for providers not listed: hex HMAC-SHA256 of the canonical string
 * keyed with the wall's secret, in the `x-signature` header or the `sig` parameter.
 */
export const hmac: PostbackScheme = {
  label: 'Generic HMAC-SHA256',
  transIdParam: 'trans_id',
  macros: [
    ['trans_id', '{transaction_id}'],
    ['user_id', '{user_id}'],
    ['amount', '{amount}'],
    ['amount_usd', '{payout_usd}'],
    ['status', '{status}'],
  ],
  successBody: 'OK',
  publishedAddresses: [],
  frameTemplate: '',
  verify({ params: p, headers }, secret) {
    if (
      !signing.sameHex(
        signing.hmacHex('sha256', secret, canonicalString(p)),
        headers[HMAC_SIGNATURE_HEADER] ?? p.sig,
      )
    ) {
      return fields.badSignature('Invalid signature');
    }
    return fields.postbackFrom(params, p, (d) => ({
      action: d.status === 'reversal' || d.status === '2' ? 'reversal' : 'credit',
      transId: d.trans_id,
      robloxId: d.user_id,
      amounts: { local: d.amount_local, usd: d.amount_usd, reward: d.reward, amount: d.amount },
    }));
  },
  testValues: (t) => ({
    trans_id: t.transId,
    user_id: String(t.robloxId),
    amount: fields.decimalText(t.robux),
    amount_usd: fields.decimalText(t.usd),
    status: 'credit',
  }),
  sign(unsignedUrl, secret) {
    const p = Object.fromEntries(new URL(unsignedUrl).searchParams);
    return {
      url: signing.withParam(unsignedUrl, 'sig', signing.hmacHex('sha256', secret, canonicalString(p))),
      headers: {},
    };
  },
};
