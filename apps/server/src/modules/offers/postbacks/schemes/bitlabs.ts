import { fields, signing, z, type PostbackScheme } from './kit.ts';

const params = z.object({
  uid: fields.robloxIdField('uid'),
  tx: fields.transIdField('tx'),
  val: fields.decimalField('val'),
  usd: fields.usdField('usd'),
  ref: z.string().trim().max(100).optional(),
  type: z
    .enum(['COMPLETE', 'SCREENOUT', 'START_BONUS', 'RECONCILIATION'], {
      message: 'type must be COMPLETE, SCREENOUT, START_BONUS or RECONCILIATION',
    })
    .default('COMPLETE'),
});

/**
 * BitLabs: BitLabs appends `hash` = hex HMAC-SHA1 of the whole URL as sent, up to `&hash=`, keyed
 * with the App Secret. `TYPE` COMPLETE, START_BONUS and paying SCREENOUTs credit; a screen-out of 0
 * does not; a negative RECONCILIATION takes back the transaction `REF` names.
 */
export const bitlabs: PostbackScheme = {
  label: 'BitLabs',
  signsUrl: true,
  transIdParam: 'tx',
  usdParam: 'usd',
  macros: [
    ['uid', '[%USER:UID%]'],
    ['val', '[%VALUE:CURRENCY%]'],
    ['usd', '[%VALUE:USD%]'],
    ['tx', '[%TX%]'],
    ['ip', '[%USER:IP_ADDRESS%]'],
    ['ref', '[%REF%]'],
    ['offer', '[%OFFER:NAME%]'],
    ['type', '[%TYPE%]'],
  ],
  successBody: 'OK',
  publishedAddresses: ['20.76.54.40/29', '18.199.243.90', '18.157.62.114', '18.193.24.206'],
  frameTemplate: 'https://web.bitlabs.ai/?uid={userId}&token={appToken}',
  verify({ params: p, url }, secret) {
    const signed = signing.urlBefore(url, 'hash');
    if (signed === null || !signing.sameHex(signing.hmacHex('sha1', secret, signed), p.hash)) {
      return fields.badSignature('Invalid hash');
    }
    // The type may come as BitLabs' own `TYPE` or through the `[%TYPE%]` macro.
    return fields.postbackFrom(params, { ...p, type: p.type ?? p.TYPE ?? 'COMPLETE' }, (d) => {
      const amounts = { local: d.val, usd: d.usd };
      if (d.type === 'RECONCILIATION' && d.val < 0) {
        return { action: 'reversal', transId: d.ref || d.tx, robloxId: d.uid, amounts };
      }
      // Only a reconciliation takes back: any other negative value goes on as a credit, which the
      // service refuses.
      if (d.val === 0) {
        return { action: 'ignore', transId: d.tx, robloxId: d.uid, amounts, note: `${d.type} of 0` };
      }
      return { action: 'credit', transId: d.tx, robloxId: d.uid, amounts };
    });
  },
  testValues: (t) => ({
    uid: String(t.robloxId),
    val: fields.decimalText(t.robux),
    usd: fields.decimalText(t.usd),
    tx: t.transId,
    ip: t.ip,
    ref: '',
    offer: 'Test postback',
    type: 'COMPLETE',
  }),
  sign: (unsignedUrl, secret) => ({
    url: signing.withParam(unsignedUrl, 'hash', signing.hmacHex('sha1', secret, unsignedUrl)),
    headers: {},
  }),
};
