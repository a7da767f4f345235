import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LINK_PREVIEW, previewLanguageOf, previewLanguages, type PreviewLanguage } from '@rewards/contracts';
import { isPagePath, pagePathOf } from '@rewards/contracts/pages';
import { publicBase } from '../shared/public-url.ts';
import { encode, pickEncoding, type Encoding } from './page-encoding.ts';
import { localizePage, preparePage, type PageFile } from './page-meta.ts';

export interface WebAppOptions {
  /**
   * The stored name of the player a referral link `/login?ref=<name>` names, or null when no live,
   * unbanned player has it (the users module's `inviterNames`, cached there).
   */
  inviterName?: (ref: string) => Promise<string | null>;
}

/**
 * Origins whose pages are made when PUBLIC_URL is unset (development): one set per Host seen, up to
 * this many (each set is compressed at the highest levels).
 */
const MAX_ORIGINS = 8;

/** The pages of one origin: each file in each language, and each of those sent from one URL. */
interface Site {
  base: string;
  /** `<language>|<file>`: the file with that language's texts (page-meta.ts), made at once. */
  localized: Map<string, string>;
  /**
   * `<language>|<file>|<og:url>`: ready to send, compressed on first use and kept. Bounded: a file
   * is sent from its page's paths only (and index.html from the pages without a file of their own).
   */
  pages: Map<string, PageFile>;
}

/** The page's own URL for `og:url`: PUBLIC_URL and its path as the page list writes it, or null for no page. */
function pageUrl(base: string, pathname: string): string | null {
  const path = pagePathOf(pathname);
  return path === null ? null : `${base}${path}`;
}

/**
 * Serves the built web app and answers every other non-API GET with index.html, so the browser
 * router shows the page: 200 for a path the web has a page at (the shared page list), 404 for any
 * other, whose page is then the web's own not-found page.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  opts: WebAppOptions = {},
): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built; run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true, // the .br/.gz files written by the web build (apps/web/vite.config.ts)
    cacheControl: false, // else `send` replaces the header set below with "max-age=0"
    setHeaders: (reply, path) => {
      // Hashed asset names never change content, so browsers may keep them for a year.
      if (path.includes('/assets/')) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        reply.header('vary', 'accept-encoding'); // a cache must not give the .br body to every client
      }
    },
  });
  // index.html with the page's own chunks preloaded, per first path segment (`routes/<segment>.html`,
  // written by the web build's route-preloads plugin); other paths get the plain index.html. A few
  // pages also have a file per language with the page rendered into it (`routes/<segment>.<lang>.html`,
  // the build's prerender plugin; decision 0039), sent at the page's own path only. Read once and sent
  // from memory, with the preview image's absolute URL (Open Graph wants one) filled in.
  const routesDir = join(distDir, 'routes');
  const sources = new Map([['index.html', readFileSync(join(distDir, 'index.html'), 'utf8')]]);
  if (existsSync(routesDir)) {
    for (const f of readdirSync(routesDir).filter((name) => name.endsWith('.html'))) {
      sources.set(`routes/${f}`, readFileSync(join(routesDir, f), 'utf8'));
    }
  }
  /** The language a prerendered file is written in (`<segment>.<lang>.html`), or null for the others. */
  const languageOfFile = (file: string): PreviewLanguage | null => {
    const language = /\.([a-z]{2})\.html$/.exec(file)?.[1];
    return previewLanguages.find((l) => l === language) ?? null;
  };
  // Each language's texts are written into each file once (a prerendered file in its own language
  // only); what depends on the request is only which one is sent (Accept-Language) and its og:url.
  const siteAt = (base: string): Site => {
    const localized = new Map<string, string>();
    for (const language of previewLanguages) {
      for (const [file, html] of sources) {
        const written = languageOfFile(file);
        if (written === null || written === language)
          localized.set(`${language}|${file}`, localizePage(html, base, language));
      }
    }
    return { base, localized, pages: new Map() };
  };
  /**
   * The file for a page request: the page rendered in the request's language at the page's own path
   * (any casing, one trailing slash: what the browser router shows that page at), else the segment's
   * file, else index.html. Other paths under a segment (`/login/x`, a 404) never get the rendered page,
   * which the browser would show before its not-found page.
   */
  const fileFor = (pathname: string, segment: string, language: PreviewLanguage): string => {
    const rendered = `routes/${segment}.${language}.html`;
    if (sources.has(rendered) && pagePathOf(pathname) === `/${segment}`) return rendered;
    return sources.has(`routes/${segment}.html`) ? `routes/${segment}.html` : 'index.html';
  };
  const env = app.deps.env;
  const configured = env.PUBLIC_URL ? siteAt(publicBase(env, '')) : null;
  const byOrigin = new Map<string, Site>();
  const siteFor = (request: FastifyRequest): Site => {
    if (configured) return configured;
    const origin = `${request.protocol}://${request.host}`;
    let site = byOrigin.get(origin);
    if (site) return site;
    // Past the bound, made-up Host headers get the first origin's pages instead of costing a build each.
    if (byOrigin.size >= MAX_ORIGINS) return byOrigin.values().next().value!;
    site = siteAt(origin);
    byOrigin.set(origin, site);
    return site;
  };
  const pageFor = (site: Site, language: PreviewLanguage, file: string, pathname: string): PageFile => {
    const url = pageUrl(site.base, pathname);
    const key = `${language}|${file}|${url ?? ''}`;
    let page = site.pages.get(key);
    if (!page) {
      page = preparePage(site.localized.get(`${language}|${file}`)!, url);
      site.pages.set(key, page);
    }
    return page;
  };

  const html = (reply: FastifyReply, encoding: Encoding) => {
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language') // the page's language is Accept-Language's
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply;
  };
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: PageFile) => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const { body, etag } = page.encoded[encoding];
    // Crawlers and link checkers learn from the status that nothing is here; no validator, no 304.
    if (!isPagePath(request.url.split('?')[0]!)) return html(reply, encoding).code(404).send(body);
    html(reply, encoding).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(body);
  };
  // A referral link's preview names the friend who invites; a crawler runs no script, so the server
  // writes it. Only this request pays for a lookup (and a fast compression); every other page is
  // sent as prepared.
  const sendInvite = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: PageFile,
    language: PreviewLanguage,
    ref: string,
  ) => {
    let name: string | null = null;
    try {
      name = (await opts.inviterName?.(ref)) ?? null;
    } catch (err) {
      request.log.warn({ err }, 'referral preview: inviter lookup failed; generic preview sent');
    }
    if (!name) return sendPage(request, reply, page);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    return html(reply, encoding).send(
      encode(page.titled(LINK_PREVIEW[language].invite(name)), encoding, 'per-request'),
    );
  };

  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ error: `No endpoint GET ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
    }
    const pathname = request.url.split('?')[0]!;
    const segment = /^\/([^/?#]*)/.exec(pathname)?.[1]?.toLowerCase() || 'index';
    const site = siteFor(request);
    const language = previewLanguageOf(request.headers['accept-language']);
    const file = fileFor(pathname, segment, language);
    const page = pageFor(site, language, file, pathname);
    const ref = segment === 'login' ? (request.query as { ref?: unknown }).ref : undefined;
    if (typeof ref === 'string') return sendInvite(request, reply, page, language, ref);
    return sendPage(request, reply, page);
  });
}
