import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { moduleOf, pageRoutes, segmentOf, type PageName } from './src/config/paths';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiProxy = { '/api': { target: 'http://127.0.0.1:4000', changeOrigin: false } };
/** Modules only the admin console loads (its pages, recharts and recharts' dependencies). */
const ADMIN_ONLY =
  /[\\/]src[\\/]features[\\/]admin[\\/]|[\\/]node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+|internmap|@reduxjs|redux|redux-thunk|reselect|immer|react-redux|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)[\\/]/;

/** The folder the build just wrote, as the bundler reports it to `writeBundle`. */
function outDirOf(options: { dir?: string | null }): string {
  if (!options.dir) throw new Error('the web build has no output folder');
  return options.dir;
}

/**
 * Writes `.br` and `.gz` beside every built script, stylesheet and SVG of 1 KB or more, compressed
 * once at the highest levels; the server sends them to browsers that accept them (@fastify/static
 * `preCompressed`), so no request pays for compression.
 */
function precompress(): Plugin {
  return {
    name: 'rewards:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = outDirOf(options);
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const data = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (data.length < 1024) continue;
        const file = join(outDir, fileName);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * The pages people open directly (`preload` in src/config/paths.ts), by first path segment; signed-in
 * pages also need the AppLayout chunk, and every page but the landing page the query client's scope.
 */
const ROUTE_PAGES = Object.fromEntries(
  (Object.keys(pageRoutes) as PageName[])
    .filter((name) => pageRoutes[name].preload)
    .map((name) => [segmentOf(name), { page: moduleOf(name), signedIn: pageRoutes[name].session }]),
);
const APP_LAYOUT = 'app/layout/AppLayout.tsx';
/** The query client's scope: every route but the landing page sits in it (src/app/router.tsx). */
const QUERY_SCOPE = 'app/layout/WithQueries.tsx';
const LANDING_PAGE = moduleOf('landing');

/**
 * Writes `dist/routes/<segment>.html`: index.html plus `modulepreload` links for the chunks that the
 * page at that path loads after start-up (its route chunk, the signed-in layout, their imports). The
 * server answers a page request with its file, so the browser fetches those chunks beside the
 * start-up code instead of one round trip after it (on a phone network, ~0.6 s earlier paint).
 * They are fetched at low priority: the first paint needs the HTML (prerendered or a shell), the
 * stylesheet and the start-up code, and on a slow network these chunks would otherwise share its
 * bandwidth (Lighthouse mobile: first paint 2.4 s at high priority, 1.8 s at low).
 */
function routePreloads(): Plugin {
  return {
    name: 'rewards:route-preloads',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = outDirOf(options);
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      const byModule = (suffix: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/src/${suffix}`));
        if (!chunk) throw new Error(`route-preloads: no chunk for src/${suffix}; check src/config/paths.ts`);
        return chunk;
      };
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const i of chunk.imports) closure(i, into);
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('route-preloads: no entry chunk');
      const atStart = closure(entry.fileName, new Set());
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      mkdirSync(join(outDir, 'routes'), { recursive: true });
      for (const [segment, { page, signedIn }] of Object.entries(ROUTE_PAGES)) {
        const files = closure(byModule(page).fileName, new Set());
        if (signedIn) closure(byModule(APP_LAYOUT).fileName, files);
        if (page !== LANDING_PAGE) closure(byModule(QUERY_SCOPE).fileName, files);
        const links = [...files]
          .filter((f) => !atStart.has(f))
          .map((f) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`)
          .join('\n');
        writeFileSync(
          join(outDir, 'routes', `${segment}.html`),
          html.replace(/\s*<\/head>/, `\n${links}\n  </head>`),
        );
      }
    },
  };
}

/**
 * The pages whose HTML the build renders, in every language: the two a visitor opens first, which
 * the browser hydrates, and the shell of the page a player opens first (what does not depend on the
 * player), which the browser shows until the app renders the page.
 */
const PRERENDERED: Array<{ name: PageName; hydrated: boolean }> = [
  { name: 'landing', hydrated: true },
  { name: 'login', hydrated: true },
  { name: 'earn', hydrated: false },
];
const LOCALES: string[] = (
  JSON.parse(readFileSync(join(root, 'project.inlang/settings.json'), 'utf8')) as { locales: string[] }
).locales;

/**
 * Writes `dist/routes/<segment>.<locale>.html` for each page of PRERENDERED: its
 * `routes/<segment>.html` with the page rendered into `#root` before the API answers
 * (src/prerender.tsx), in that language, and the page's `<title>`. The page then paints its text with
 * the HTML instead of after its code has run. `data-prerendered="<locale>"` tells main.tsx to hydrate
 * it; a shell has none and is replaced when the app renders. The server sends the file of the page's
 * language (plugins/web.ts); decision 0039.
 */
function prerender(): Plugin {
  let outDir = '';
  return {
    name: 'rewards:prerender',
    apply: 'build',
    writeBundle(options) {
      outDir = outDirOf(options);
    },
    // After every file is written: the render reads the page files that routePreloads writes.
    async closeBundle() {
      // The source rendered in Node by Vite's module runner, with the same aliases; no CSS or
      // message compilation (the build has compiled the messages already).
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: { '@': join(root, 'src') } },
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        appType: 'custom',
      });
      try {
        const { renderPage } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
          renderPage: (path: string, locale: string, signedIn: boolean) => Promise<string>;
        };
        for (const { name, hydrated } of PRERENDERED) {
          const segment = segmentOf(name);
          const html = readFileSync(join(outDir, 'routes', `${segment}.html`), 'utf8');
          const signedIn = pageRoutes[name].session === true;
          for (const locale of LOCALES) {
            const rendered = await renderPage(pageRoutes[name].path, locale, signedIn);
            // React writes the page's <title> first; it belongs in the head, in place of the site's.
            const title = /^<title>[^<]*<\/title>/.exec(rendered)?.[0];
            if (!title) throw new Error(`prerender: ${name} renders no <title> first`);
            const page = html
              .replace(/<title>[^<]*<\/title>/, title)
              // #root's loading fallback and the comment about it, as index.html writes them.
              .replace(
                /(?:<!--(?:(?!-->)[\s\S])*-->\s*)?<div id="root">[\s\S]*?<\/div>\s*<\/div>\s*(?=<script|<\/body>)/,
                `<div id="root"${hydrated ? ` data-prerendered="${locale}"` : ''}>${rendered.slice(title.length)}</div>\n    `,
              );
            if (!page.includes(`<div id="root"${hydrated ? ' ' : '>'}`))
              throw new Error(`prerender: no #root in ${segment}.html`);
            // React marks a part it could not render here (a lazily loaded one) for the browser to
            // render; in a hydrated page that is an error on every visit, so it is one here.
            if (hydrated && page.includes('<template'))
              throw new Error(`prerender: ${name} has a part left to the browser`);
            writeFileSync(join(outDir, 'routes', `${segment}.${locale}.html`), page);
          }
        }
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * Compiles the message catalogues (apps/web/messages/<area>/<locale>.json) into one function per
 * message under src/paraglide, so each page's chunk carries only the messages it uses. Options other
 * than the paths are in project.inlang/paraglide.config.js (shared with `npm run i18n`).
 */
function paraglide() {
  return paraglideVitePlugin({ project: join(root, 'project.inlang'), outdir: join(root, 'src/paraglide') });
}

// Run from the repository root: `vite --config apps/web/vite.config.ts`.
export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), paraglide(), precompress(), routePreloads(), prerender()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, strictPort: true, proxy: apiProxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which chunk each page loads (e2e/web-speed.test.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // What the first page needs comes in three chunks: React (changes rarely, cached across
        // releases), the other libraries every page needs, and our own start-up code. Each page, the
        // admin console, recharts and the Radix menus of the signed-in shell are chunks of their own,
        // loaded when a route needs them, so a player never downloads admin or chart code (the
        // landing page's budget is 120 KB gzip: e2e/web-speed.test.ts). Code shared by several pages
        // is grouped by the set of pages that use it, small groups merged, so a page loads a handful
        // of shared chunks instead of one request per icon; admin-only code is never in those groups.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            // zod and the shared schemas (a few pages validate input with them) in a chunk of their
            // own: merged into a shared group they rode along with the form controls into the sign-in
            // page, whose start-up then paid for building every schema. The page list (pages.ts) is
            // start-up code, not a schema.
            {
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/](?!src[\\/]pages\.ts)/,
              priority: 3,
            },
            // TanStack Query in a chunk of its own, never merged into a shared group: the landing page
            // loads none of it, and a merge with one of its small modules would bring it along.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
            {
              name: 'shared',
              test: (id: string) => !ADMIN_ONLY.test(id),
              minShareCount: 2,
              entriesAware: true,
              // Measured (e2e/web-speed.test.ts): at 12 KB the merging of small groups put TanStack
              // Query's observers beside the landing page's few components (136 KB gzip, over budget);
              // at 2 KB the landing page loads 117 KB in 7 files and the sign-in page 17 files.
              entriesAwareMergeThreshold: 2_000,
              priority: 0,
            },
          ],
        },
        // Shared chunks are named after every page that uses them; a short name is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
