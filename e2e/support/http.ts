import { cpxPostbackPath } from '../../apps/server/test/support/postbacks.ts';
import { answer, type Answer } from '../../apps/server/test/support/site.ts';

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
  return answer(res.status, await res.text(), res.headers.getSetCookie());
}

export { CPX_ADDRESS, fromCpx } from '../../apps/server/test/support/postbacks.ts';

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
