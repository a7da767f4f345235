import { fields, signing, z, type PostbackScheme } from './kit.ts';

const params = z.object({
  id: fields.transIdField('id'),
  oid: z.string().max(100),
  user_id: fields.robloxIdField('user_id'),
  amount: fields.decimalField('amount'),
  payout: fields.usdField('payout'),
});

/**
 * Torox (formerly OfferToro): `sig` = hex MD5 of oid + "-" + user_id + "-" + secret. It covers
 * neither the amount nor the conversion id, so the address allow-list is what protects the wall. A
 * reversal is the same `id` with a negative amount; answered `1`.
 */
export const torox: PostbackScheme = {
  label: 'Torox',
  transIdParam: 'id',
  usdParam: 'payout',
  macros: [
    ['id', '{id}'],
    ['oid', '{oid}'],
    ['amount', '{amount}'],
    ['currency_name', '{currency_name}'],
    ['user_id', '{user_id}'],
    ['payout', '{payout}'],
    ['o_name', '{o_name}'],
    ['ip_address', '{ip_address}'],
    ['sig', '{sig}'],
  ],
  successBody: '1',
  publishedAddresses: ['54.175.173.245'],
  frameTemplate: 'https://torox.io/ifr/show/{pubId}/{userId}/{appId}',
  verify({ params: p }, secret) {
    if (!signing.sameHex(signing.md5Hex(`${p.oid ?? ''}-${p.user_id ?? ''}-${secret}`), p.sig)) {
      return fields.badSignature('Invalid sig');
    }
    return fields.postbackFrom(params, p, (d) => ({
      action: d.amount < 0 ? 'reversal' : 'credit',
      transId: d.id,
      robloxId: d.user_id,
      amounts: { local: d.amount, usd: d.payout },
    }));
  },
  testValues: (t) => ({
    id: t.transId,
    oid: 'test',
    amount: fields.decimalText(t.robux),
    currency_name: 'Robux',
    user_id: String(t.robloxId),
    payout: fields.decimalText(t.usd),
    o_name: 'Test postback',
    ip_address: t.ip,
    sig: '',
  }),
  sign(unsignedUrl, secret) {
    const u = new URL(unsignedUrl);
    const sig = signing.md5Hex(`${u.searchParams.get('oid')}-${u.searchParams.get('user_id')}-${secret}`);
    return { url: unsignedUrl.replace(/([?&])sig=[^&]*/, `$1sig=${sig}`), headers: {} };
  },
};
