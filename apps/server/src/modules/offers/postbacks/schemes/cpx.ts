import { fields, signing, z, type PostbackScheme } from './kit.ts';

const params = z.object({
  status: z.enum(['1', '2'], { message: 'status must be 1 or 2' }),
  trans_id: fields.transIdField('trans_id'),
  user_id: fields.robloxIdField('user_id'),
  amount_local: fields.decimalField('amount_local').optional(),
  amount_usd: fields.usdField('amount_usd'),
});

/**
 * CPX Research: `hash` = hex MD5 of trans_id + "-" + secret; `status` 1 = completed, 2 = cancelled;
 * `amount_local` already in R$. The survey frame's `secure_hash` is the same function of the
 * player's id, so a transaction id equal to the Roblox id of an account, or of a deleted one, is
 * refused by the service.
 */
export const cpx: PostbackScheme = {
  label: 'CPX Research',
  transIdParam: 'trans_id',
  usdParam: 'amount_usd',
  macros: [
    ['status', '{status}'],
    ['trans_id', '{trans_id}'],
    ['user_id', '{user_id}'],
    ['amount_local', '{amount_local}'],
    ['amount_usd', '{amount_usd}'],
    ['offer_id', '{offer_ID}'],
    ['ip_click', '{ip_click}'],
    ['type', '{type}'],
    ['hash', '{secure_hash}'],
  ],
  successBody: '1',
  publishedAddresses: ['188.40.3.73', '157.90.97.92', '2a01:4f8:d0a:30ff::2'],
  frameTemplate:
    'https://offers.cpx-research.com/index.php?app_id={appId}&ext_user_id={userId}&secure_hash={secureHash}&username={username}&email={email}',
  transIdSignedForPlayers: true,
  verify({ params: p }, secret) {
    if (!p.trans_id || !signing.sameHex(signing.md5Hex(`${p.trans_id}-${secret}`), p.hash)) {
      return fields.badSignature('Invalid hash');
    }
    return fields.postbackFrom(params, p, (d) => ({
      action: d.status === '2' ? 'reversal' : 'credit',
      transId: d.trans_id,
      robloxId: d.user_id,
      amounts: { local: d.amount_local, usd: d.amount_usd },
    }));
  },
  testValues: (t) => ({
    status: '1',
    trans_id: t.transId,
    user_id: String(t.robloxId),
    amount_local: fields.decimalText(t.robux),
    amount_usd: fields.decimalText(t.usd),
    offer_id: 'test',
    ip_click: t.ip,
    type: 'complete',
    hash: '',
  }),
  sign(unsignedUrl, secret) {
    const transId = new URL(unsignedUrl).searchParams.get('trans_id');
    const hash = signing.md5Hex(`${transId}-${secret}`);
    return { url: unsignedUrl.replace(/([?&])hash=[^&]*/, `$1hash=${hash}`), headers: {} };
  },
};
