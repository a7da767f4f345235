import { fields, signing, z, type PostbackScheme } from './kit.ts';

const params = z.object({
  user_id: fields.robloxIdField('user_id'),
  txn_id: fields.transIdField('txn_id'),
  amount: fields.decimalField('amount'),
  payout: fields.usdField('payout'),
  rewarded_txn_id: z.string().trim().max(100).optional(),
});

/**
 * Notik: Notik appends `hash` = hex HMAC-SHA1 of the full URL up to `&hash=`, keyed with the App
 * Secret. A reversal has negative `amount` and `payout`, and `rewarded_txn_id` names the original
 * transaction. Answered with HTTP 200.
 */
export const notik: PostbackScheme = {
  label: 'Notik',
  signsUrl: true,
  transIdParam: 'txn_id',
  usdParam: 'payout',
  macros: [
    ['user_id', '{user_id}'],
    ['amount', '{amount}'],
    ['payout', '{payout}'],
    ['offer_id', '{offer_id}'],
    ['offer_name', '{offer_name}'],
    ['txn_id', '{txn_id}'],
    ['conversion_ip', '{conversion_ip}'],
    ['currency_name', '{currency_name}'],
    ['event_id', '{event_id}'],
    ['rewarded_txn_id', '{rewarded_txn_id}'],
  ],
  successBody: 'OK',
  publishedAddresses: ['192.53.121.112', '158.69.116.45'],
  frameTemplate: 'https://notik.me/coins?api_key={apiKey}&pub_id={pubId}&app_id={appId}&user_id={userId}',
  verify({ params: p, url }, secret) {
    const signed = signing.urlBefore(url, 'hash');
    if (signed === null || !signing.sameHex(signing.hmacHex('sha1', secret, signed), p.hash)) {
      return fields.badSignature('Invalid hash');
    }
    return fields.postbackFrom(params, p, (d) => {
      const reversal = d.amount < 0;
      return {
        action: reversal ? 'reversal' : 'credit',
        transId: reversal && d.rewarded_txn_id ? d.rewarded_txn_id : d.txn_id,
        robloxId: d.user_id,
        amounts: { local: d.amount, usd: d.payout },
      };
    });
  },
  testValues: (t) => ({
    user_id: String(t.robloxId),
    amount: fields.decimalText(t.robux),
    payout: fields.decimalText(t.usd),
    offer_id: 'test',
    offer_name: 'Test postback',
    txn_id: t.transId,
    conversion_ip: t.ip,
    currency_name: 'Robux',
    event_id: 'test',
    rewarded_txn_id: '',
  }),
  sign: (unsignedUrl, secret) => ({
    url: signing.withParam(unsignedUrl, 'hash', signing.hmacHex('sha1', secret, unsignedUrl)),
    headers: {},
  }),
};
