import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const md5Hex = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
export const hmacHex = (algorithm: 'sha1' | 'sha256', key: string, text: string) =>
  createHmac(algorithm, key).update(text, 'utf8').digest('hex');

/** Constant-time comparison of two hex digests (or secrets), ignoring case. */
export function sameHex(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Constant-time comparison of two secrets, case and all. */
export function sameSecret(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The URL up to the `&<param>=` (or `?<param>=`) that starts the signature: the text Notik and
 * BitLabs sign. Null when the URL has no such parameter.
 */
export function urlBefore(url: string, param: string): string | null {
  const match = new RegExp(`[?&]${param}=`).exec(url);
  return match ? url.slice(0, match.index) : null;
}

/** The URL with one parameter (name and value) cut out, the rest as it arrived: what AdGem signs. */
export function urlWithout(url: string, param: string): string | null {
  const match = new RegExp(`([?&])${param}=[^&#]*(&?)`).exec(url);
  if (!match) return null;
  const [whole, lead, trail] = match;
  const before = url.slice(0, match.index);
  const after = url.slice(match.index + whole.length);
  // `?a&verifier=x&b` → `?a&b`; `?verifier=x&b` → `?b`; `?a&verifier=x` → `?a`.
  if (trail) return `${before}${lead}${after}`;
  return lead === '?' && after === '' ? before : `${before}${after}`;
}

/** PHP's `urlencode`: letters, digits and `-_.` stay, a space is `+`, the rest `%XX` in upper case. */
export function phpUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** PHP's `http_build_query` of the parameters sorted by name (`ksort`), as ayeT Studios signs them. */
export function phpSortedQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${phpUrlencode(k)}=${phpUrlencode(params[k]!)}`)
    .join('&');
}

/** Appends `&name=value` (or `?name=value`) to a URL. */
export const withParam = (url: string, name: string, value: string) =>
  `${url}${url.includes('?') ? '&' : '?'}${name}=${value}`;
