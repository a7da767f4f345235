import { randomBytes } from 'node:crypto';
import type { Wall } from '../wall.ts';
import { firstAllowedAddress } from '../../../shared/addresses.ts';
import { REDACTED, withQueryValue } from './stored-params.ts';
import { phpUrlencode } from './schemes/signing.ts';
import type { PostbackScheme, TestPostback } from './schemes/index.ts';

/** What stands in AdGate's postback URL until the wall has a secret. */
export const SECRET_NOT_SET = 'SET_THE_WALL_SECRET_FIRST';

const postbackPath = (base: string, wall: Pick<Wall, 'slug'>) => `${base}/api/postback/${wall.slug}`;

/**
 * The URL the operator pastes into the provider's dashboard: the wall's postback path with each
 * parameter given the provider's own macro (and AdGate's secret token), without the parameters the
 * provider appends by itself.
 */
export function postbackUrlFor(
  base: string,
  wall: Pick<Wall, 'slug'>,
  scheme: PostbackScheme,
  secret: string | null,
): string {
  const pairs = scheme.macros.map(([param, macro]) => `${param}=${macro}`);
  if (scheme.secretParam)
    pairs.unshift(`${scheme.secretParam}=${secret ? encodeURIComponent(secret) : SECRET_NOT_SET}`);
  return `${postbackPath(base, wall)}?${pairs.join('&')}`;
}

/** A fresh transaction id for a test postback: never a number, so never anyone's Roblox id. */
export const testTransId = () => `test-${randomBytes(6).toString('hex')}`;

/**
 * The test postback as the provider would send it: the postback URL with the provider's values in
 * place of its macros (encoded as a form would, spaces as `+`), then signed the provider's way.
 */
export function testPostbackRequest(
  base: string,
  wall: Pick<Wall, 'slug'>,
  scheme: PostbackScheme,
  secret: string,
  t: TestPostback,
): { url: string; headers: Record<string, string> } {
  const values = scheme.testValues(t);
  const pairs = scheme.macros.map(([param]) => `${param}=${phpUrlencode(values[param] ?? '')}`);
  if (scheme.secretParam) pairs.unshift(`${scheme.secretParam}=${encodeURIComponent(secret)}`);
  return scheme.sign(`${postbackPath(base, wall)}?${pairs.join('&')}`, secret);
}

/** The URL with a secret carried in it shown as `***` (for the admin's eyes and the audit log). */
export function withoutSecret(url: string, scheme: PostbackScheme): string {
  return scheme.secretParam ? withQueryValue(url, scheme.secretParam, REDACTED) : url;
}

/** The address a test postback comes from: the wall's first allowed one, or the loopback when any may send. */
export const testAddress = (allowedIps: readonly string[]) => firstAllowedAddress(allowedIps) ?? '127.0.0.1';
