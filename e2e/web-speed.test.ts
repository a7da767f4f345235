import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/stack.ts';

/**
 * The web app's weight, from the built files (`npm run build` first; WEB_DIST may point elsewhere).
 * The landing page's JavaScript is the entry script, everything it imports statically, and the
 * landing route's chunk with its static imports: what a visitor downloads before the page shows.
 * Sizes are gzip level 9, i.e. the `.gz` files the server sends; 1 KB = 1024 bytes, as Lighthouse
 * and the browser's network panel count.
 */

const DIST = process.env.WEB_DIST ?? join(ROOT, 'apps/web/dist');
// 120 KB until the site spoke three languages: the shell's texts in English, Dutch and French and the
// message runtime added 6 KB (docs/decisions/0017-languages.md); Lighthouse's performance score is the
// measure that must hold (`npm run lighthouse`, at least 90).
const BUDGET_BYTES = 128 * 1024;
const LANDING_SRC = 'src/features/landing/components/LandingPage.tsx';
const LOGIN_SRC = 'src/features/auth/components/LoginPage.tsx';

/** Strings that survive minification and only occur in admin console or chart code. */
const ADMIN_MARK = '/api/admin/';
const CHART_MARK = 'recharts-';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

let manifest: Manifest;

const read = (file: string) => readFileSync(join(DIST, file));
const gzipBytes = (file: string) => gzipSync(read(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The files a chunk needs before it runs: itself and its static imports, recursively. */
function staticClosure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    if (into.has(chunk.file)) continue;
    into.add(chunk.file);
    staticClosure(chunk.imports ?? [], into);
  }
  return into;
}

function keyOfSource(src: string): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.src === src);
  if (!key) throw new Error(`no chunk for ${src} in the manifest`);
  return key;
}

function pageScripts(routeSrc: string): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const files = staticClosure([entry]);
  staticClosure([keyOfSource(routeSrc)], files);
  return [...files].filter((f) => f.endsWith('.js'));
}

function report(label: string, files: string[]): number {
  const sizes = files.map((f) => [f, gzipBytes(f)] as const).sort((a, b) => b[1] - a[1]);
  const total = sizes.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `${label}: ${kb(total)} gzip in ${files.length} files\n` +
      sizes.map(([f, n]) => `  ${kb(n).padStart(9)}  ${f}`).join('\n'),
  );
  return total;
}

const contains = (file: string, mark: string) => read(file).includes(mark);

describe('web app weight (built files)', () => {
  beforeAll(() => {
    const path = join(DIST, '.vite/manifest.json');
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
    manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  });

  it('the landing page loads at most 128 KB of JavaScript (gzip)', () => {
    const total = report('landing page JavaScript', pageScripts(LANDING_SRC));
    report('login page JavaScript (for information)', pageScripts(LOGIN_SRC));
    expect(
      total,
      `landing page JavaScript is ${kb(total)} gzip; the budget is ${kb(BUDGET_BYTES)}`,
    ).toBeLessThanOrEqual(BUDGET_BYTES);
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
    const PRELOAD_LINK = /\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+">/g;
    const layout = staticClosure([keyOfSource('src/app/layout/AppLayout.tsx')]);
    for (const [segment, src, signedIn] of [
      ['index', LANDING_SRC, false],
      ['login', LOGIN_SRC, false],
      ['earn', 'src/features/earn/components/EarnPage.tsx', true],
    ] as const) {
      const html = read(`routes/${segment}.html`).toString();
      const preloaded = [
        ...html.matchAll(/rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)"/g),
      ].map((m) => m[1]!);
      const page = manifest[keyOfSource(src)]!.file;
      expect(preloaded, `routes/${segment}.html preloads its page chunk`).toContain(page);
      const allowed = new Set([...pageScripts(src), ...(signedIn ? layout : [])]);
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

  it('the admin console and its charts are built as chunks of their own, loaded on /admin only', () => {
    const scripts = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
    const landing = new Set(pageScripts(LANDING_SRC));
    const admin = scripts.filter((f) => contains(f, ADMIN_MARK));
    const charts = scripts.filter((f) => contains(f, CHART_MARK));
    // If these markers ever stop matching, the checks above would pass for the wrong reason.
    expect(admin.length).toBeGreaterThan(0);
    expect(charts.length).toBeGreaterThan(0);
    for (const file of [...admin, ...charts]) expect(landing.has(file)).toBe(false);
    const adminPage = manifest[keyOfSource('src/features/admin/components/AdminPage.tsx')]!;
    expect(adminPage.isDynamicEntry).toBe(true);
  });

  it('every script and stylesheet of 1 KB or more has a precompressed .br and .gz beside it', () => {
    const files = [
      ...new Set(Object.values(manifest).flatMap((c) => [c.file, ...((c as { css?: string[] }).css ?? [])])),
    ];
    const big = files.filter((f) => /\.(js|css)$/.test(f) && read(f).length >= 1024);
    expect(big.length).toBeGreaterThan(0);
    for (const f of big) {
      expect(existsSync(join(DIST, `${f}.br`)), `${f}.br`).toBe(true);
      expect(existsSync(join(DIST, `${f}.gz`)), `${f}.gz`).toBe(true);
    }
  });
});
