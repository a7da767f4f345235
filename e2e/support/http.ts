/** What a call to the site answered: the status and the body, parsed when it is JSON. */
export interface Answer {
  status: number;
  body: any;
}

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
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // plain text answers (postbacks) stay text
  }
  return { status: res.status, body: parsed };
}

/**
 * One of CPX Research's published addresses, which the cpx wall allows by default. A test process
 * on the same host reaches the server as a local proxy would, naming the provider's address in
 * `X-Forwarded-For` (believed from loopback under the default TRUST_PROXY).
 */
export const CPX_ADDRESS = '188.40.3.73';
export const fromCpx = { 'x-forwarded-for': CPX_ADDRESS } as const;
