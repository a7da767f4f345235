import { fields, signing, z, type PostbackScheme } from './kit.ts';

export const AYET_HASH_HEADER = 'x-ayetstudios-security-hash';

/** The query parameters of a URL, decoded as a form (`+` is a space), as PHP reads them. */
const queryOf = (url: string): Record<string, string> => {
  const q = url.indexOf('?');
  return q < 0 ? {} : Object.fromEntries(new URLSearchParams(url.slice(q + 1)));
};

const params = z.object({
  external_identifier: fields.robloxIdField('external_identifier'),
  transaction_id: fields.transIdField('transaction_id'),
  currency_amount: fields.decimalField('currency_amount'),
  payout_usd: fields.usdField('payout_usd'),
  is_chargeback: z.enum(['0', '1']).default('0'),
});

/**
 * ayeT Studios: header `X-Ayetstudios-Security-Hash` = hex HMAC-SHA256 of every query parameter,
 * sorted by name and serialised like PHP's `http_build_query`, keyed with the publisher API key. A
 * chargeback has `is_chargeback=1`, a negative amount and the original transaction id prefixed `r-`.
 */
export const ayet: PostbackScheme = {
  label: 'ayeT Studios',
  signsUrl: true,
  transIdParam: 'transaction_id',
  usdParam: 'payout_usd',
  macros: [
    ['external_identifier', '{external_identifier}'],
    ['currency_amount', '{currency_amount}'],
    ['payout_usd', '{payout_usd}'],
    ['transaction_id', '{transaction_id}'],
    ['is_chargeback', '{is_chargeback}'],
    ['chargeback_reason', '{chargeback_reason}'],
  ],
  successBody: 'OK',
  publishedAddresses: [
    '51.79.101.241',
    '158.69.185.134',
    '158.69.185.154',
    '35.165.166.40',
    '35.166.159.131',
    '52.40.3.140',
  ],
  frameTemplate: 'https://ayetstudios.com/offers/web_offerwall/{adSlot}?external_identifier={userId}',
  verify({ params: p, url, headers }, secret) {
    const query = queryOf(url);
    if (
      !signing.sameHex(
        signing.hmacHex('sha256', secret, signing.phpSortedQuery(query)),
        headers[AYET_HASH_HEADER],
      )
    ) {
      return fields.badSignature('Invalid X-Ayetstudios-Security-Hash');
    }
    return fields.postbackFrom(params, p, (d) => {
      // The chargeback flag alone says reversal: a negative amount without it goes on as a credit,
      // which the service refuses.
      const reversal = d.is_chargeback === '1';
      return {
        action: reversal ? 'reversal' : 'credit',
        transId: reversal ? d.transaction_id.replace(/^r-/, '') : d.transaction_id,
        robloxId: d.external_identifier,
        amounts: { local: d.currency_amount, usd: d.payout_usd },
      };
    });
  },
  testValues: (t) => ({
    external_identifier: String(t.robloxId),
    currency_amount: fields.decimalText(t.robux),
    payout_usd: fields.decimalText(t.usd),
    transaction_id: t.transId,
    is_chargeback: '0',
    chargeback_reason: '',
  }),
  sign(unsignedUrl, secret) {
    const query = queryOf(unsignedUrl);
    return {
      url: unsignedUrl,
      headers: { [AYET_HASH_HEADER]: signing.hmacHex('sha256', secret, signing.phpSortedQuery(query)) },
    };
  },
};
