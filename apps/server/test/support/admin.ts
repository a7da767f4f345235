import type { FastifyInstance } from 'fastify';
import type { Site } from './site.ts';

/** Signs in as admin through the real endpoint; returns the `admin_session=…` cookie for admin calls. */
export async function adminCookie(site: Site): Promise<string> {
  const res = await site.api('POST', '/api/admin/login', { password: site.adminPassword });
  const cookie = res.setCookies.find((c) => c.startsWith('admin_session='));
  if (res.status !== 200 || !cookie) throw new Error(`admin sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

/**
 * `POST /api/admin/login` in-process from `remoteAddress`: the sign-in's limits count per address, so
 * each test names the caller it is. `credentials` is the admin password, or the whole body (a staff
 * member's `{ username, password, code }`); `browser`, when given, is the console browser cookie sent;
 * `headers` (an `Origin`, say) go with it.
 */
export function adminSignIn(
  app: FastifyInstance,
  credentials: string | object,
  remoteAddress: string,
  browser?: string,
  headers?: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: typeof credentials === 'string' ? { password: credentials } : credentials,
    remoteAddress,
    ...(browser === undefined ? {} : { cookies: { console_browser: browser } }),
    ...(headers === undefined ? {} : { headers }),
  });
}
