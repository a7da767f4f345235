import { createHash, createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * One of CPX Research's published addresses, which the cpx wall allows by default. A test process
 * on the same host reaches the server as a local proxy would, naming the provider's address in
 * `X-Forwarded-For` (believed from loopback under the default TRUST_PROXY).
 */
export const CPX_ADDRESS = '188.40.3.73';
export const fromCpx = { 'x-forwarded-for': CPX_ADDRESS } as const;

/** The CPX Research secret (CPX_SECURE_HASH) the API tests run with; the e2e stack's is `e2e-cpx-secret`. */
export const TEST_CPX_SECRET = 'test-cpx-secret';

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** An HMAC of `s` under `key`, in hex: how several providers sign their postbacks. */
export const hmacHex = (alg: 'sha1' | 'sha256', key: string, s: string) =>
  createHmac(alg, key).update(s).digest('hex');

export interface CpxPostback {
  trans: string;
  user: string | number;
  /** `amount_local`: the R$ to credit (or reverse), e.g. '2.50'. */
  local: string;
  /**
   * `amount_usd`: by default what `local` is worth at the cpx wall's R$100 per USD (a credit without
   * it waits for an admin); null leaves it out of the query.
   */
  usd?: string | null;
  /** '1' credits, '2' reverses. */
  status?: string;
  secret?: string;
  /** A hash to send instead of the right one. */
  hash?: string;
}

/** A CPX Research postback's path, as CPX sends it: `hash` = md5(trans_id-secret). */
export function cpxPostbackPath(p: CpxPostback): string {
  const q = new URLSearchParams({
    status: p.status ?? '1',
    trans_id: p.trans,
    user_id: String(p.user),
    amount_local: p.local,
    ...(p.usd === null ? {} : { amount_usd: p.usd ?? (Number(p.local) / 100).toFixed(4) }),
    hash: p.hash ?? md5(`${p.trans}-${p.secret ?? TEST_CPX_SECRET}`),
  });
  return `/api/postback/cpx?${q}`;
}

/** The generic scheme's signature: HMAC-SHA256 of the params but `sig`, sorted by name, as k=v&k=v. */
export function hmacSign(params: Record<string, string>, secret: string): string {
  const { sig: _sig, ...signed } = params;
  return createHmac('sha256', secret).update(sortedPairs(signed)).digest('hex');
}

/** The parameters sorted by name as k=v&k=v, what PHP's http_build_query gives for these values. */
export const sortedPairs = (p: Record<string, string>) =>
  Object.keys(p)
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&');

/** A postback to a wall on the generic scheme, signed with the wall's secret. */
export function hmacPostbackPath(slug: string, params: Record<string, string>, secret: string): string {
  return `/api/postback/${slug}?${new URLSearchParams({ ...params, sig: hmacSign(params, secret) })}`;
}

/**
 * A postback sent in-process from CPX Research's address, answered as it is: `postback` is its URL, or
 * a CPX Research postback's fields (`cpxPostbackPath`); `headers`, if given, go with it (a signature in a
 * header). `t` is a test app, or any object with the app to send it to.
 */
export function sendCpxPostback(
  t: Pick<TestApp, 'app'>,
  postback: string | CpxPostback,
  headers?: Record<string, string>,
) {
  const url = typeof postback === 'string' ? postback : cpxPostbackPath(postback);
  return t.app.inject({ method: 'GET', url, remoteAddress: CPX_ADDRESS, ...(headers && { headers }) });
}

/**
 * Sends a postback from CPX Research's address, in-process, and expects it answered `1` (credited, or
 * for a reversal reversed): `postback` is its URL, or a CPX Research postback's fields (`cpxPostbackPath`).
 */
export async function expectPostbackCredited(
  t: Pick<TestApp, 'app'>,
  postback: string | CpxPostback,
): Promise<void> {
  const res = await sendCpxPostback(t, postback);
  expect([res.statusCode, res.body]).toEqual([200, '1']);
}

let cpxTransactions = 0;

/**
 * Credits `player` `robux` R$ (a number, or `amount_local` as CPX writes it) through a CPX Research
 * postback from CPX's address, which must answer `1`, and returns its transaction id: `trans`, or one
 * of its own, `<prefix>-<n>` (default prefix `cpx`). With `reverse`, the postback reverses `trans`.
 */
export async function creditThroughCpx(
  t: Pick<TestApp, 'app'>,
  player: { robloxId: number },
  robux: number | string,
  opts: { trans?: string; prefix?: string; reverse?: boolean } = {},
): Promise<string> {
  const trans = opts.trans ?? `${opts.prefix ?? 'cpx'}-${++cpxTransactions}`;
  const local = typeof robux === 'number' ? robux.toFixed(2) : robux;
  await expectPostbackCredited(t, { trans, user: player.robloxId, local, status: opts.reverse ? '2' : '1' });
  return trans;
}

/**
 * Sends a postback to a wall on the generic scheme, signed with `secret` (`hmacPostbackPath`), in-process
 * from loopback, and expects it answered `OK`.
 */
export async function expectHmacPostbackOk(
  t: Pick<TestApp, 'app'>,
  slug: string,
  params: Record<string, string>,
  secret: string,
): Promise<void> {
  const res = await t.app.inject({ method: 'GET', url: hmacPostbackPath(slug, params, secret) });
  expect([res.statusCode, res.body]).toEqual([200, 'OK']);
}
