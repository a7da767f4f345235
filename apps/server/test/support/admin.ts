import type { Site } from './site.ts';

/** Signs in as admin through the real endpoint; returns the `admin_session=…` cookie for admin calls. */
export async function adminCookie(site: Site): Promise<string> {
  const res = await site.api('POST', '/api/admin/login', { password: site.adminPassword });
  const cookie = res.setCookies.find((c) => c.startsWith('admin_session='));
  if (res.status !== 200 || !cookie) throw new Error(`admin sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}
