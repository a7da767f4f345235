import { expect } from 'vitest';
import { bearer } from './site.ts';
import type { TestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** A call to the API as a browser or a script makes it, for `playerCall`. */
export interface PlayerCall {
  /** Default `GET`. */
  method?: Method;
  url: string;
  /** The player's session token, sent as `Authorization: Bearer`; none (or null): signed out. */
  token?: string | null;
  /** Sent as JSON when given. */
  body?: unknown;
  /** The address the server sees; default loopback, as `inject` sends. */
  address?: string;
  /** Headers sent besides the session's. */
  headers?: Record<string, string>;
}

/**
 * A call in-process (`t.app.inject`), answered as it is (a refusal too): `method` `url` with the
 * player's session when `token` is given, `body` as JSON when given, from `address` with `headers` added.
 */
export function playerCall(t: Pick<TestApp, 'app'>, call: PlayerCall) {
  return t.app.inject({
    method: call.method ?? 'GET',
    url: call.url,
    headers: { ...(call.token ? bearer(call.token) : {}), ...call.headers },
    ...(call.body === undefined ? {} : { payload: call.body as object }),
    ...(call.address === undefined ? {} : { remoteAddress: call.address }),
  });
}

/** `GET url` in-process with `headers`, which must answer 200; the answer's JSON. */
export async function readJson(t: Pick<TestApp, 'app'>, url: string, headers: Record<string, string> = {}) {
  const res = await playerCall(t, { url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * `GET url` in-process with the player's session (`token`; none: a visitor), which must answer 200;
 * the answer's JSON.
 */
export function playerRead(t: Pick<TestApp, 'app'>, token: string | null | undefined, url: string) {
  return readJson(t, url, token ? bearer(token) : {});
}

/**
 * A maker of addresses, a new one at each call, so that limits kept per address never join two
 * callers. `net` is three octets (`198.51.100`: `.first`, `.first + 1`…) or two (`10.20`: `.0.first`…
 * `.0.250`, then `.1.1`…, each third octet holding 250).
 */
export function addressesIn(net: string, first = 1): () => string {
  let n = first;
  const octets = net.split('.').length;
  if (octets === 3) return () => `${net}.${n++}`;
  if (octets !== 2) throw new Error(`addressesIn: ${net} is not two or three octets`);
  return () => {
    const k = n++ - 1;
    return `${net}.${Math.floor(k / 250)}.${(k % 250) + 1}`;
  };
}

/**
 * Refused by a limit: 429 `RATE_LIMITED` with a Retry-After above zero, `error` (when given)
 * in its words, and no cookie set (no session opens).
 */
export function expectRateLimited(
  res: { statusCode: number; body?: string; headers: Record<string, unknown>; json(): any },
  error?: RegExp,
): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({
    code: 'RATE_LIMITED',
    ...(error ? { error: expect.stringMatching(error) } : {}),
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.headers['set-cookie']).toBeUndefined();
}
