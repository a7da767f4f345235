import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The best of Brotli and gzip that an `Accept-Encoding` header accepts (a `q=0` refuses one), else
 * identity.
 */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let gzip = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : 'identity';
}

/**
 * `text` in `encoding`: at the highest levels for pages compressed once at start, at a fast level for
 * a page made for one request (a referral link's preview).
 */
export function encode(text: string, encoding: Encoding, effort: 'once' | 'per-request'): Buffer {
  const data = Buffer.from(text);
  if (encoding === 'identity') return data;
  if (encoding === 'gzip') return gzipSync(data, { level: effort === 'once' ? 9 : 6 });
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'once' ? constants.BROTLI_MAX_QUALITY : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}
