import { fields, signing, z, type PostbackScheme } from './kit.ts';

const params = z.object({
  player_id: fields.robloxIdField('player_id'),
  transaction_id: fields.transIdField('transaction_id'),
  amount: fields.decimalField('amount'),
  payout: fields.usdField('payout'),
  nonpayable_install_goal: z.string().optional(),
});

/**
 * AdGem (postback v2): AdGem appends `request_id` and `verifier` = hex HMAC-SHA256 of the full URL
 * with `verifier` removed, keyed with the wall's Postback Key. No reversal is documented; an install
 * goal that pays nothing (`nonpayable_install_goal=true`, amount 0) must not credit.
 */
export const adgem: PostbackScheme = {
  label: 'AdGem',
  signsUrl: true,
  transIdParam: 'transaction_id',
  usdParam: 'payout',
  macros: [
    ['player_id', '{player_id}'],
    ['amount', '{amount}'],
    ['payout', '{payout}'],
    ['transaction_id', '{transaction_id}'],
    ['campaign_id', '{campaign_id}'],
    ['goal_id', '{goal_id}'],
    ['offer_name', '{offer_name}'],
    ['ip', '{ip}'],
  ],
  successBody: 'OK',
  publishedAddresses: [],
  frameTemplate: 'https://api.adgem.com/v1/wall?appid={appId}&playerid={userId}',
  verify({ params: p, url }, secret) {
    const signed = signing.urlWithout(url, 'verifier');
    if (signed === null || !signing.sameHex(signing.hmacHex('sha256', secret, signed), p.verifier)) {
      return fields.badSignature('Invalid verifier');
    }
    return fields.postbackFrom(params, p, (d) => {
      const postback = {
        transId: d.transaction_id,
        robloxId: d.player_id,
        amounts: { local: d.amount, usd: d.payout },
      };
      // A negative amount is no install goal: it goes on as a credit, which the service refuses.
      if (d.nonpayable_install_goal === 'true' || d.amount === 0) {
        return { ...postback, action: 'ignore', note: 'non-payable event' };
      }
      return { ...postback, action: 'credit' };
    });
  },
  testValues: (t) => ({
    player_id: String(t.robloxId),
    amount: fields.decimalText(t.robux),
    payout: fields.decimalText(t.usd),
    transaction_id: t.transId,
    campaign_id: 'test',
    goal_id: 'test',
    offer_name: 'Test postback',
    ip: t.ip,
  }),
  sign(unsignedUrl, secret) {
    const url = signing.withParam(unsignedUrl, 'request_id', `test-${Date.now()}`);
    return { url: signing.withParam(url, 'verifier', signing.hmacHex('sha256', secret, url)), headers: {} };
  },
};
