import { z } from 'zod';
import {
  badSignature,
  decimalField,
  decimalText,
  magnitude,
  readParams,
  robloxIdField,
  transIdField,
} from './fields.ts';
import { sameHex, sha256Hex } from './signing.ts';
import type { PostbackScheme } from './types.ts';

const params = z.object({
  userID: robloxIdField('userID'),
  transactionID: transIdField('transactionID'),
  revenue: decimalField('revenue').optional(),
  currencyReward: decimalField('currencyReward'),
  status: z.enum(['0', '1'], { message: 'status must be 1 (credit) or 0 (chargeback)' }),
});

/**
 * Lootably: `hash` = hex SHA-256 of userID + ip + revenue + currencyReward + secret, the values
 * concatenated as received; `status` 1 = credit, 0 = chargeback; answered exactly `1`.
 */
export const lootably: PostbackScheme = {
  label: 'Lootably',
  transIdParam: 'transactionID',
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
    if (!sameHex(sha256Hex(text), p.hash)) return badSignature('Invalid hash');
    const read = readParams(params, p);
    if (!read.ok) return read;
    const d = read.data;
    return {
      ok: true,
      postback: {
        action: d.status === '0' ? 'reversal' : 'credit',
        transId: d.transactionID,
        robloxId: d.userID,
        amounts: { local: Math.abs(d.currencyReward), usd: magnitude(d.revenue) },
      },
    };
  },
  testValues: (t) => ({
    userID: String(t.robloxId),
    transactionID: t.transId,
    ip: t.ip,
    offerName: 'Test postback',
    offerID: 'test',
    revenue: decimalText(t.usd),
    currencyReward: decimalText(t.robux),
    status: '1',
    hash: '',
  }),
  sign(unsignedUrl, secret) {
    const u = new URL(unsignedUrl);
    const v = (k: string) => u.searchParams.get(k) ?? '';
    const hash = sha256Hex(`${v('userID')}${v('ip')}${v('revenue')}${v('currencyReward')}${secret}`);
    return { url: unsignedUrl.replace(/([?&])hash=[^&]*/, `$1hash=${hash}`), headers: {} };
  },
};
