import { adminCookie } from './admin.ts';
import { consoleCall } from './staff.ts';
import type { TestApp } from './test-app.ts';

/**
 * The admin console's calls (`consoleCall`) to the test app `get()` gives, as its bootstrap owner:
 * signed in at the first call, the session kept for the rest. Each goes to `base` + `path`, with
 * `payload` as JSON when given.
 */
export function adminConsole(get: () => TestApp, base = '') {
  let cookie = '';
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) => {
    cookie ||= await adminCookie(get());
    return consoleCall(get(), cookie, method, `${base}${path}`, payload);
  };
}
