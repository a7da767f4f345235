import { fields, signing, z, type PostbackScheme } from './kit.ts';

const params = z.object({
  s1: fields.robloxIdField('s1'),
  conversion_id: fields.transIdField('conversion_id'),
  points: fields.decimalField('points'),
  payout: fields.usdField('payout'),
  state: z.enum(['approved', 'rejected', 'pending'], {
    message: 'state must be approved, rejected or pending',
  }),
});

/**
 * AdGate Media signs nothing: the protection is a secret only AdGate knows, carried in the postback
 * URL (`token`), plus the address allow-list. `state` approved = credit, rejected = reversal,
 * pending = nothing yet; answered with HTTP 200.
 */
export const adgate: PostbackScheme = {
  label: 'AdGate Media',
  secretParam: 'token',
  transIdParam: 'conversion_id',
  usdParam: 'payout',
  macros: [
    ['s1', '{s1}'],
    ['points', '{points}'],
    ['payout', '{payout}'],
    ['vc_title', '{vc_title}'],
    ['conversion_id', '{conversion_id}'],
    ['state', '{state}'],
    ['event_id', '{event_id}'],
  ],
  successBody: 'OK',
  publishedAddresses: ['52.42.57.125'],
  frameTemplate: 'https://wall.adgaterewards.com/{wallCode}/{userId}',
  verify({ params: p }, secret) {
    if (!signing.sameSecret(secret, p.token)) return fields.badSignature('Invalid token');
    return fields.postbackFrom(params, p, (d) => {
      const postback = {
        transId: d.conversion_id,
        robloxId: d.s1,
        amounts: { local: d.points, usd: d.payout },
      };
      if (d.state === 'pending') return { ...postback, action: 'ignore', note: 'pending conversion' };
      return { ...postback, action: d.state === 'rejected' ? 'reversal' : 'credit' };
    });
  },
  testValues: (t) => ({
    s1: String(t.robloxId),
    points: fields.decimalText(t.robux),
    payout: fields.decimalText(t.usd),
    vc_title: 'Test postback',
    conversion_id: t.transId,
    state: 'approved',
    event_id: 'test',
  }),
  sign: (unsignedUrl) => ({ url: unsignedUrl, headers: {} }),
};
