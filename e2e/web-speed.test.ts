import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/stack.ts';
import {
  keyOfSource,
  LANDING_SRC,
  LOGIN_SRC,
  manifestPath,
  pageScripts as scriptsOf,
  readManifest,
  staticClosure as closureOf,
  type Manifest,
} from './support/web-build.ts';

/**
 * The web app's shape, from the built files (`npm run build` first; WEB_DIST may point elsewhere):
 * what each page loads, and what players never load. The landing page's weight (at most 128 KB of
 * JavaScript, gzip) `npm run bench` measures (bench/web-weight.ts).
 */

const DIST = process.env.WEB_DIST ?? join(ROOT, 'apps/web/dist');

/** Strings that survive minification and only occur in admin console or chart code. */
const ADMIN_MARK = '/api/admin/';
const CHART_MARK = 'recharts-';
/** A string of TanStack Query's core that survives minification. */
const QUERY_MARK = 'Missing queryFn';

let manifest: Manifest;

const read = (file: string) => readFileSync(join(DIST, file));
const staticClosure = (keys: string[]) => closureOf(manifest, keys);
const pageScripts = (routeSrc: string) => scriptsOf(manifest, routeSrc);
const sourceKey = (src: string) => keyOfSource(manifest, src);
const contains = (file: string, mark: string) => read(file).includes(mark);

describe('web app weight (built files)', () => {
  beforeAll(() => {
    const path = manifestPath(DIST);
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
    manifest = readManifest(DIST);
  });

  it('no admin console or chart code loads for players: not in index.html, not on any player page', () => {
    const landing = pageScripts(LANDING_SRC);
    // Every lazily loaded page or part of the shell that is not the admin console's.
    const playerParts = Object.values(manifest).filter(
      (c) => c.isDynamicEntry && c.src && !c.src.startsWith('src/features/admin/'),
    );
    expect(playerParts.map((c) => c.src)).toContain(LANDING_SRC);
    for (const part of playerParts) {
      for (const file of pageScripts(part.src!)) {
        expect(contains(file, ADMIN_MARK), `${part.src} loads ${file}, which holds admin console code`).toBe(
          false,
        );
        expect(contains(file, CHART_MARK), `${part.src} loads ${file}, which holds recharts code`).toBe(
          false,
        );
      }
    }
    for (const chunk of Object.values(manifest)) {
      if (chunk.src?.startsWith('src/features/admin/')) expect(landing).not.toContain(chunk.file);
    }
    // The HTML itself only names the entry and its static imports (scripts and modulepreloads).
    const html = read('index.html').toString();
    const referenced = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(referenced.length).toBeGreaterThan(0);
    for (const file of referenced) {
      expect(landing).toContain(file);
      expect(contains(file, ADMIN_MARK) || contains(file, CHART_MARK), `${file} is admin or chart code`).toBe(
        false,
      );
    }
  });

  it("a page's HTML preloads the chunks that page loads after start-up, and only those", () => {
    const PRELOAD_LINK =
      /\s*<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/[^"]+">/g;
    const layout = staticClosure([sourceKey('src/app/layout/AppLayout.tsx')]);
    const queryScope = staticClosure([sourceKey('src/app/layout/WithQueries.tsx')]);
    for (const [segment, src, signedIn] of [
      ['index', LANDING_SRC, false],
      ['login', LOGIN_SRC, false],
      ['earn', 'src/features/earn/components/EarnPage.tsx', true],
    ] as const) {
      const html = read(`routes/${segment}.html`).toString();
      const preloaded = [
        ...html.matchAll(/rel="modulepreload" crossorigin fetchpriority="low" href="\/(assets\/[^"]+\.js)"/g),
      ].map((m) => m[1]!);
      const page = manifest[sourceKey(src)]!.file;
      expect(preloaded, `routes/${segment}.html preloads its page chunk`).toContain(page);
      // Every page but the landing page sits in the query client's scope, a chunk of its own.
      const inQueryScope = src !== LANDING_SRC;
      expect(preloaded.includes(manifest[sourceKey('src/app/layout/WithQueries.tsx')]!.file)).toBe(
        inQueryScope,
      );
      const allowed = new Set([
        ...pageScripts(src),
        ...(signedIn ? layout : []),
        ...(inQueryScope ? queryScope : []),
      ]);
      for (const file of preloaded) {
        expect(
          allowed.has(file),
          `routes/${segment}.html preloads ${file}, which that page does not load`,
        ).toBe(true);
        expect(
          contains(file, ADMIN_MARK) || contains(file, CHART_MARK),
          `${file} is admin or chart code`,
        ).toBe(false);
      }
      // Otherwise the same document as index.html.
      const withoutPreloads = (doc: string) => doc.replace(PRELOAD_LINK, '');
      expect(withoutPreloads(html)).toBe(withoutPreloads(read('index.html').toString()));
    }
  });

  it('the landing page loads no TanStack Query: it is provided by the chunks after it', () => {
    for (const file of pageScripts(LANDING_SRC)) {
      expect(contains(file, QUERY_MARK), `the landing page loads ${file}, which holds TanStack Query`).toBe(
        false,
      );
    }
    // The mark is real: the signed-in pages carry it.
    expect(
      pageScripts('src/features/earn/components/EarnPage.tsx').some((f) => contains(f, QUERY_MARK)),
    ).toBe(true);
  });

  it('the admin console and its charts are built as chunks of their own, loaded on /admin only', () => {
    const scripts = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
    const landing = new Set(pageScripts(LANDING_SRC));
    const admin = scripts.filter((f) => contains(f, ADMIN_MARK));
    const charts = scripts.filter((f) => contains(f, CHART_MARK));
    // If these markers ever stop matching, the checks above would pass for the wrong reason.
    expect(admin.length).toBeGreaterThan(0);
    expect(charts.length).toBeGreaterThan(0);
    for (const file of [...admin, ...charts]) expect(landing.has(file)).toBe(false);
    const adminPage = manifest[sourceKey('src/features/admin/components/AdminPage.tsx')]!;
    expect(adminPage.isDynamicEntry).toBe(true);
  });

  it('every script and stylesheet of 1 KB or more has a precompressed .br and .gz beside it', () => {
    const files = [...new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]))];
    const big = files.filter((f) => /\.(js|css)$/.test(f) && read(f).length >= 1024);
    expect(big.length).toBeGreaterThan(0);
    for (const f of big) {
      expect(existsSync(join(DIST, `${f}.br`)), `${f}.br`).toBe(true);
      expect(existsSync(join(DIST, `${f}.gz`)), `${f}.gz`).toBe(true);
    }
  });
});
