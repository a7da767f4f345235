import { z } from 'zod';
import {
  badSignature,
  decimalField,
  decimalText,
  readParams,
  robloxIdField,
  transIdField,
} from './fields.ts';
import { hmacHex, sameHex, urlWithout, withParam } from './signing.ts';
import type { PostbackScheme } from './types.ts';

const params = z.object({
  player_id: robloxIdField('player_id'),
  transaction_id: transIdField('transaction_id'),
  amount: decimalField('amount'),
  payout: decimalField('payout').optional(),
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
    const signed = urlWithout(url, 'verifier');
    if (signed === null || !sameHex(hmacHex('sha256', secret, signed), p.verifier)) {
      return badSignature('Invalid verifier');
    }
    const read = readParams(params, p);
    if (!read.ok) return read;
    const d = read.data;
    const postback = {
      transId: d.transaction_id,
      robloxId: d.player_id,
      amounts: { local: d.amount, usd: d.payout },
    };
    if (d.nonpayable_install_goal === 'true' || d.amount <= 0) {
      return { ok: true, postback: { ...postback, action: 'ignore', note: 'non-payable event' } };
    }
    return { ok: true, postback: { ...postback, action: 'credit' } };
  },
  testValues: (t) => ({
    player_id: String(t.robloxId),
    amount: decimalText(t.robux),
    payout: decimalText(t.usd),
    transaction_id: t.transId,
    campaign_id: 'test',
    goal_id: 'test',
    offer_name: 'Test postback',
    ip: t.ip,
  }),
  sign(unsignedUrl, secret) {
    const url = withParam(unsignedUrl, 'request_id', `test-${Date.now()}`);
    return { url: withParam(url, 'verifier', hmacHex('sha256', secret, url)), headers: {} };
  },
};
