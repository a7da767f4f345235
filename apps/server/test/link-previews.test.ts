import { readFileSync, rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizePage, preparePage } from '../src/plugins/page-meta.ts';
import { deleteOwnAccount } from './support/players.ts';
import { setPlayerStatus } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { fakeWebBuild, metaContent, WEB } from './support/web-pages.ts';

/*
 * Link previews: every page carries Open Graph and Twitter card tags with an absolute
 * image URL and its own `og:url`, in the language the crawler's Accept-Language asks for (English,
 * Dutch or French), and `/login?ref=<name>` names the friend who invites, written into the HTML by the
 * server, only for a live, unbanned player, and never with the link's own text.
 */

const SITE = 'https://rbx.example';
const GENERIC = 'RBXRewards: earn free Robux';
/** Marks the sign-in page's own file (the build writes it with its chunks preloaded). */
const LOGIN_MARK = '<link rel="modulepreload" crossorigin href="/assets/LoginPage-test.js">';

/** A web build as the server reads it: the real index.html head, its login page, the preview image. */
const BUILD = {
  files: (html: string) => ({ 'routes/login.html': html.replace('</head>', `${LOGIN_MARK}\n</head>`) }),
  ogImage: true,
};

const titlesOf = (html: string) => [metaContent(html, 'og:title'), metaContent(html, 'twitter:title')];

describe(`link previews on ${testEngine}`, () => {
  let t: TestApp;
  let dist: string;
  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, headers: res.headers, html: res.body };
  };

  beforeAll(async () => {
    dist = fakeWebBuild(BUILD);
    t = await createTestApp({ env: { PUBLIC_URL: `${SITE}/` }, webDist: dist });
    for (const name of ['AliceRBX', 'BobBuilder', 'DaveTheBrave', 'XssTester']) {
      expect((await t.login(name)).status).toBe(200);
    }
    await setPlayerStatus(t.deps.db, 'BobBuilder', 'banned');
    const dave = { name: 'DaveTheBrave', token: (await t.login('DaveTheBrave')).token, robloxId: 1004 };
    await deleteOwnAccount(t, dave, 0);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('every page has the preview tags, with the image at an absolute URL from PUBLIC_URL that answers a PNG', async () => {
    for (const url of ['/', '/login', '/leaderboard', '/giveaways', '/terms', '/privacy-policy', '/help']) {
      const { status, html, headers } = await page(url);
      expect([url, status, headers['content-type']]).toEqual([url, 200, 'text/html; charset=utf-8']);
      expect(titlesOf(html)).toEqual([GENERIC, GENERIC]);
      expect(metaContent(html, 'og:image')).toBe(`${SITE}/og-image.png`);
      expect(metaContent(html, 'twitter:image')).toBe(`${SITE}/og-image.png`);
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    }
    expect((await page('/login')).html).toContain(LOGIN_MARK);

    const image = await t.app.inject({ method: 'GET', url: new URL(`${SITE}/og-image.png`).pathname });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    const png = image.rawPayload;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('og:url is PUBLIC_URL and the page path as the page list writes it; no page, no og:url', async () => {
    for (const [url, expected] of [
      ['/', `${SITE}/`],
      ['/earn', `${SITE}/earn`],
      ['/Daily/', `${SITE}/daily`],
      ['/privacy-policy?x=1', `${SITE}/privacy-policy`],
      ['/login?ref=AliceRBX', `${SITE}/login`],
    ]) {
      expect([url, metaContent((await page(url!)).html, 'og:url')]).toEqual([url, expected]);
    }
    const missing = await page('/no-such-page');
    expect([missing.status, metaContent(missing.html, 'og:url')]).toEqual([404, undefined]);
  });

  it('a Dutch or French crawler gets the preview, the description and <html lang> in its language', async () => {
    const nl = await page('/earn', { 'accept-language': 'nl-BE,nl;q=0.9,en;q=0.8' });
    expect(nl.html).toMatch(/^<!doctype html>\s*<html lang="nl"/i);
    expect(titlesOf(nl.html)).toEqual(Array(2).fill('RBXRewards: verdien gratis Robux'));
    expect(metaContent(nl.html, 'description')).toBe(
      'RBXRewards: verdien Robux met aanbiedingen, enquêtes, dagelijkse reeksen en winacties, en laat ze uitbetalen naar je eigen gamepass.',
    );
    expect(metaContent(nl.html, 'og:description')).toBe(
      'Voltooi aanbiedingen, enquêtes, dagelijkse reeksen en winacties, en laat je Robux uitbetalen naar je eigen gamepass.',
    );
    expect([metaContent(nl.html, 'og:url'), metaContent(nl.html, 'og:locale')]).toEqual([
      `${SITE}/earn`,
      'nl_BE',
    ]);
    expect(nl.headers.vary).toBe('accept-encoding, accept-language');

    const fr = await page('/', { 'accept-language': 'fr' });
    expect(fr.html).toMatch(/<html lang="fr"/);
    expect(metaContent(fr.html, 'og:description')).toBe(
      'Termine des offres, des sondages, des séries quotidiennes et des concours, et retire tes Robux sur ton propre gamepass.',
    );
    expect(titlesOf(fr.html)).toEqual(Array(2).fill('RBXRewards : gagne des Robux gratuits'));
    expect(metaContent(fr.html, 'og:url')).toBe(`${SITE}/`);

    // No header, a language we do not have, or ours refused with q=0: English.
    for (const accept of [undefined, 'de-DE,de;q=0.9', 'nl;q=0, de']) {
      const en = await page('/earn', accept ? { 'accept-language': accept } : {});
      expect([accept, en.html.includes('<html lang="en"'), titlesOf(en.html)[0]]).toEqual([
        accept,
        true,
        GENERIC,
      ]);
    }
    // Weights decide: French over Dutch.
    expect((await page('/earn', { 'accept-language': 'nl;q=0.5, fr;q=0.8' })).html).toMatch(
      /<html lang="fr"/,
    );

    // A referral link names the friend in the crawler's language; each language has its own validator.
    const invite = await page('/login?ref=AliceRBX', { 'accept-language': 'nl-BE' });
    expect(titlesOf(invite.html)[0]).toBe('AliceRBX nodigt je uit om Robux te verdienen');
    expect(nl.headers.etag).not.toBe((await page('/earn')).headers.etag);
  });

  it('/login?ref=<name> names a player who exists, by their stored name, and changes nothing else', async () => {
    const generic = (await page('/login')).html;
    for (const ref of ['AliceRBX', 'alicerbx', 'ALICERBX']) {
      const { status, html } = await page(`/login?ref=${ref}`);
      expect(status).toBe(200);
      expect(titlesOf(html)).toEqual([
        'AliceRBX invites you to earn Robux',
        'AliceRBX invites you to earn Robux',
      ]);
      expect(html.replaceAll('AliceRBX invites you to earn Robux', GENERIC)).toBe(generic);
    }
    // The stored user name, never the display name (the stand-in's XssTester has a hostile one).
    expect(titlesOf((await page('/login?ref=xsstester')).html)[0]).toBe(
      'XssTester invites you to earn Robux',
    );
    // Only the sign-in page names anyone.
    expect(titlesOf((await page('/earn?ref=AliceRBX')).html)).toEqual([GENERIC, GENERIC]);
  });

  it('an unknown, banned or deleted player and any hostile or malformed name give the generic preview, unchanged', async () => {
    const generic = (await page('/login')).html;
    const refs = [
      'CarolPlays', // never signed up here
      'BobBuilder', // banned
      'DaveTheBrave', // deleted
      'deleted-3',
      encodeURIComponent('"><script>alert(1)</script>'),
      encodeURIComponent('AliceRBX"><img src=x onerror=alert(1)>'),
      encodeURIComponent("Alice'RBX"),
      'A'.repeat(21),
      'Al',
      '',
      'AliceRBX&ref=BobBuilder',
      encodeURIComponent(' AliceRBX'),
    ];
    for (const ref of refs) {
      const { status, html } = await page(`/login?ref=${ref}`);
      expect([ref, status]).toEqual([ref, 200]);
      expect([ref, html === generic]).toEqual([ref, true]);
    }
  });

  it('a title is escaped where it is written, whatever it holds', () => {
    const login = preparePage(localizePage(readFileSync(join(WEB, 'index.html'), 'utf8'), SITE, 'en'), null);
    const html = login.titled("\"><script>alert(1)</script> & 'x'");
    expect(html).not.toContain('<script>alert');
    expect(titlesOf(html)).toEqual(
      Array(2).fill('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;x&#39;'),
    );
  });

  it('answers are reused for a minute: a new player is named, and a banned one no longer, a minute later', async () => {
    const title = async (ref: string) => titlesOf((await page(`/login?ref=${ref}`)).html)[0];
    expect(await title('CarolPlays')).toBe(GENERIC);
    await t.login('CarolPlays');
    expect(await title('carolplays')).toBe(GENERIC);
    t.clock.advance(61_000);
    expect(await title('CarolPlays')).toBe('CarolPlays invites you to earn Robux');
    await setPlayerStatus(t.deps.db, 'CarolPlays', 'banned');
    expect(await title('CarolPlays')).toBe('CarolPlays invites you to earn Robux');
    t.clock.advance(61_000);
    expect(await title('CarolPlays')).toBe(GENERIC);
  });

  it('pages are sent from memory, compressed once, with a validator: an unchanged page answers 304', async () => {
    const plain = await page('/leaderboard');
    expect([plain.headers['content-encoding'], plain.headers.vary]).toEqual([
      undefined,
      'accept-encoding, accept-language',
    ]);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/leaderboard',
        headers: { 'accept-encoding': accept },
      });
      expect([accept, res.headers['content-encoding']]).toEqual([accept, encoding]);
      expect(decoders[encoding](res.rawPayload).toString()).toBe(plain.html);
      expect(res.headers.etag).not.toBe(plain.headers.etag);
    }
    const invite = await t.app.inject({
      method: 'GET',
      url: '/login?ref=AliceRBX',
      headers: { 'accept-encoding': 'br' },
    });
    expect(titlesOf(brotliDecompressSync(invite.rawPayload).toString())[0]).toBe(
      'AliceRBX invites you to earn Robux',
    );

    const etag = String(plain.headers.etag);
    const again = await page('/leaderboard', { 'if-none-match': etag });
    expect([again.status, again.html]).toEqual([304, '']);
    expect((await page('/login', { 'if-none-match': etag })).status).toBe(200);
  });
});

describe('link previews without PUBLIC_URL (development)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebBuild(BUILD);
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("takes the image's origin from the request", async () => {
    for (const host of ['127.0.0.1:4000', 'localhost:5173']) {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { host } });
      expect(metaContent(res.body, 'og:image')).toBe(`http://${host}/og-image.png`);
    }
  });
});
