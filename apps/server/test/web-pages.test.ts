import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '@rewards/contracts/pages';
import { loadEnv } from '../src/env.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';

/*
 * The server knows the web's pages from the one shared list (packages/contracts/src/pages.ts): a page
 * answers 200, any other path 404 with the same document, so the browser still shows the web's own
 * not-found page while crawlers and link checkers learn that nothing is there.
 */

const WEB = resolve(import.meta.dirname, '../../web');

describe(`page statuses (${testEngine})`, () => {
  let t: TestApp;
  let dist: string;
  let indexHtml: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });
  /** The app document, answered with this status. */
  const expectApp = async (url: string, status: number) => {
    const res = await get(url);
    expect([url, res.statusCode, res.headers['content-type']]).toEqual([
      url,
      status,
      'text/html; charset=utf-8',
    ]);
    expect(res.body).toContain('<div id="root">');
    return res;
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'rewards-web-'));
    indexHtml = readFileSync(join(WEB, 'index.html'), 'utf8');
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('every page of the list answers 200 with the app, in any casing, with or without a final slash', async () => {
    const urls = ['/', ...Object.values(pageRoutes).map((r) => r.path)];
    urls.push('/EARN', '/Daily/', '/Privacy-Policy', '/login?ref=AliceRBX', '/admin?section=users');
    for (const url of urls) await expectApp(url, 200);
  });

  it('any other path answers 404 with the same app document (the web shows its not-found page)', async () => {
    for (const url of ['/no-such-page', '/earn/extra', '/terms.php', '/wp-admin', '/%2e%2e/etc/passwd']) {
      const res = await expectApp(url, 404);
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('a 404 page is never answered 304, and compressed like any page', async () => {
    const page = await get('/earn');
    const res = await get('/missing', { 'if-none-match': String(page.headers.etag) });
    expect(res.statusCode).toBe(404);
    const br = await get('/missing', { 'accept-encoding': 'br' });
    expect([br.statusCode, br.headers['content-encoding']]).toEqual([404, 'br']);
  });

  it('files of the build are served as they are, and unknown API paths stay JSON', async () => {
    expect((await get('/robots.txt')).statusCode).toBe(200);
    const api = await get('/api/no-such-endpoint');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('WEB_DIST', () => {
  it('a relative folder is taken from the working directory; an empty one is refused by name', () => {
    expect(loadEnv({ WEB_DIST: 'apps/web/dist' }).WEB_DIST).toBe(resolve(process.cwd(), 'apps/web/dist'));
    expect(loadEnv({ WEB_DIST: '/srv/web' }).WEB_DIST).toBe('/srv/web');
    expect(() => loadEnv({ WEB_DIST: ' ' })).toThrow(/WEB_DIST/);
  });
});
