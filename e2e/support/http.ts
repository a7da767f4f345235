import { cpxPostbackPath } from '../../apps/server/test/support/postbacks.ts';
import { parseBody, type Answer } from '../../apps/server/test/support/site.ts';

export type { Answer };

/** Calls `base + path` like a provider or a script would: JSON in, JSON (or plain text) out. */
export async function callApi(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: parseBody(await res.text()), setCookies: res.headers.getSetCookie() };
}

/**
 * One of CPX Research's published addresses, which the cpx wall allows by default. A test process
 * on the same host reaches the server as a local proxy would, naming the provider's address in
 * `X-Forwarded-For` (believed from loopback under the default TRUST_PROXY).
 */
export const CPX_ADDRESS = '188.40.3.73';
export const fromCpx = { 'x-forwarded-for': CPX_ADDRESS } as const;

/** The e2e stack's CPX Research secret (CPX_SECURE_HASH in stack.ts). */
export const E2E_CPX_SECRET = 'e2e-cpx-secret';

/** A CPX Research credit (status 1) or reversal (status 2) of `robux` for a Roblox account, signed as CPX signs. */
export const cpxPostback = (trans: string, robloxId: number, robux: number, status = '1') =>
  cpxPostbackPath({
    trans,
    user: robloxId,
    local: robux.toFixed(2),
    usd: (robux / 100).toFixed(4),
    status,
    secret: E2E_CPX_SECRET,
  });
