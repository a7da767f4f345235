import type { TestApp } from './test-app.ts';
import { TEST_ADMIN_PASSWORD } from './test-app.ts';

/** Signs in as admin through the real endpoint; returns the cookie header value. */
export async function adminCookie(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: TEST_ADMIN_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode}`);
  const raw = res.headers['set-cookie'];
  return String(Array.isArray(raw) ? raw[0] : raw).split(';')[0]!;
}
