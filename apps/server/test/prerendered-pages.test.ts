import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { fakeWebBuild, metaContent } from './support/web-pages.ts';

/*
 * Pages the web build renders into their HTML, one file per language (routes/<segment>.<lang>.html,
 * decision 0039): the server sends the file in the language Accept-Language asks for, at the page's
 * own path only, with the same preview tags, status and headers as any page; every other path under
 * the segment, and a language with no file, gets the segment's plain file.
 */

const SITE = 'https://rbx.example';
/** What each file's #root holds, so a test sees which file was sent. */
const ROOT_OF = {
  plain: '<div id="root">loading</div>',
  en: '<div id="root" data-prerendered="en"><h1>Sign in</h1></div>',
  nl: '<div id="root" data-prerendered="nl"><h1>Inloggen</h1></div>',
};

/** A web build as the server reads it: index.html, the sign-in page's file, and it rendered in en and nl. */
const BUILD = {
  index: (html: string) => {
    const plain = html.replace(/<div id="root">[\s\S]*<\/div>\s*<\/div>/, ROOT_OF.plain);
    expect(plain).toContain(ROOT_OF.plain);
    return plain;
  },
  files: (html: string) => ({
    'routes/login.html': html,
    'routes/login.en.html': html.replace(ROOT_OF.plain, ROOT_OF.en),
    'routes/login.nl.html': html.replace(ROOT_OF.plain, ROOT_OF.nl),
  }),
};

const rootOf = (html: string) => /<div id="root"[^>]*>[^]*?<\/div>/.exec(html)?.[0];
const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

describe(`prerendered pages on ${testEngine}`, () => {
  let t: TestApp;
  let dist: string;
  const page = async (url: string, acceptLanguage?: string) => {
    const headers = acceptLanguage ? { 'accept-language': acceptLanguage } : {};
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, headers: res.headers, html: res.body };
  };

  beforeAll(async () => {
    dist = fakeWebBuild(BUILD);
    t = await createTestApp({ env: { PUBLIC_URL: `${SITE}/` }, webDist: dist });
    expect((await t.login('AliceRBX')).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("sends the page rendered in the request's language, with that language's lang and preview", async () => {
    for (const [acceptLanguage, language] of [
      [undefined, 'en'],
      ['en-GB,en;q=0.9', 'en'],
      ['nl-BE,nl;q=0.9,en;q=0.8', 'nl'],
      ['de-DE,nl;q=0.5', 'nl'],
    ] as const) {
      const { status, html, headers } = await page('/login', acceptLanguage);
      expect([acceptLanguage, status, rootOf(html)]).toEqual([acceptLanguage, 200, ROOT_OF[language]]);
      expect(langOf(html)).toBe(language);
      expect(metaContent(html, 'og:url')).toBe(`${SITE}/login`);
      expect(headers.vary).toContain('accept-language');
      // The page is sent under the same policy as every other: no inline script allowed.
      expect(headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    }
  });

  it('at every spelling of the page path the router shows that page at, the rendered file', async () => {
    for (const url of ['/LOGIN', '/login/', '/Login?utm_source=chat']) {
      const { status, html } = await page(url, 'nl');
      expect([url, status, rootOf(html)]).toEqual([url, 200, ROOT_OF.nl]);
    }
  });

  it('a referral link gets the rendered page with the friend named in its preview', async () => {
    const { status, html } = await page('/login?ref=AliceRBX', 'nl');
    expect([status, rootOf(html)]).toEqual([200, ROOT_OF.nl]);
    expect(html).toMatch(/<meta property="og:title" content="AliceRBX [^"]+"/);
  });

  it('any other path under the segment answers 404 with the plain file, never the rendered page', async () => {
    for (const url of ['/login/extra', '/login/x/y', '/loginx']) {
      const { status, html } = await page(url, 'nl');
      expect([url, status, rootOf(html)]).toEqual([url, 404, ROOT_OF.plain]);
    }
  });

  it('a language the build wrote no file for, and a page with no rendered file, get the plain file', async () => {
    const french = await page('/login', 'fr-BE');
    expect([french.status, rootOf(french.html), langOf(french.html)]).toEqual([200, ROOT_OF.plain, 'fr']);
    const landing = await page('/index', 'nl');
    expect([landing.status, rootOf(landing.html)]).toEqual([200, ROOT_OF.plain]);
  });

  it("an admin path no route answers is a 401 here too, where the web app's catch-all answers every GET", async () => {
    for (const url of ['/api/admin/nothing-here', '/api/%61dmin/nothing-here', '/api/all-users/x'])
      for (const method of ['GET', 'HEAD'] as const)
        expect([method, url, (await t.app.inject({ method, url })).statusCode]).toEqual([method, url, 401]);
  });
});
