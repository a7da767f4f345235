import { fields, signing, z, type PostbackScheme } from './kit.ts';

const params = z.object({
  userID: fields.robloxIdField('userID'),
  transactionID: fields.transIdField('transactionID'),
  revenue: fields.usdField('revenue'),
  currencyReward: fields.decimalField('currencyReward'),
  status: z.enum(['0', '1'], { message: 'status must be 1 (credit) or 0 (chargeback)' }),
});

/**
 * Lootably: `hash` = hex SHA-256 of userID + ip + revenue + currencyReward + secret, the values
 * concatenated as received; `status` 1 = credit, 0 = chargeback; answered exactly `1`.
 */
export const lootably: PostbackScheme = {
  label: 'Lootably',
  transIdParam: 'transactionID',
  usdParam: 'revenue',
  macros: [
    ['userID', '{userID}'],
    ['transactionID', '{transactionID}'],
    ['ip', '{ip}'],
    ['offerName', '{offerName}'],
    ['offerID', '{offerID}'],
    ['revenue', '{revenue}'],
    ['currencyReward', '{currencyReward}'],
    ['status', '{status}'],
    ['hash', '{hash}'],
  ],
  successBody: '1',
  publishedAddresses: [],
  frameTemplate: 'https://wall.lootably.com/?placementID={placementId}&sid={userId}',
  verify({ params: p }, secret) {
    const text = `${p.userID ?? ''}${p.ip ?? ''}${p.revenue ?? ''}${p.currencyReward ?? ''}${secret}`;
    if (!signing.sameHex(signing.sha256Hex(text), p.hash)) return fields.badSignature('Invalid hash');
    return fields.postbackFrom(params, p, (d) => ({
      action: d.status === '0' ? 'reversal' : 'credit',
      transId: d.transactionID,
      robloxId: d.userID,
      amounts: { local: d.currencyReward, usd: d.revenue },
    }));
  },
  testValues: (t) => ({
    userID: String(t.robloxId),
    transactionID: t.transId,
    ip: t.ip,
    offerName: 'Test postback',
    offerID: 'test',
    revenue: fields.decimalText(t.usd),
    currencyReward: fields.decimalText(t.robux),
    status: '1',
    hash: '',
  }),
  sign(unsignedUrl, secret) {
    const u = new URL(unsignedUrl);
    const v = (k: string) => u.searchParams.get(k) ?? '';
    const hash = signing.sha256Hex(`${v('userID')}${v('ip')}${v('revenue')}${v('currencyReward')}${secret}`);
    return { url: unsignedUrl.replace(/([?&])hash=[^&]*/, `$1hash=${hash}`), headers: {} };
  },
};
