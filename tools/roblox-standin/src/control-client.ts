/** Calls a stand-in's `/_control` API: `control('POST', '/mode', { mode: 'down' })`. */
export type StandinControl = (method: string, path: string, body?: unknown) => Promise<any>;

/**
 * The one client of the `/_control` API that API tests, browser journeys and the bench share. A call
 * the stand-in refuses throws: a test must not go on against a stand-in that was not set up as it says.
 */
export function standinControl(standinUrl: string): StandinControl {
  return async (method, path, body) => {
    const res = await fetch(`${standinUrl}/_control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`stand-in control ${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
}
