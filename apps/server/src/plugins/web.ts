import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicBase } from '../shared/public-url.ts';
import { inviteTitle, preparePage, type PageFile } from './page-meta.ts';

export interface WebAppOptions {
  /**
   * The stored name of the player a referral link `/login?ref=<name>` names, or null when no live,
   * unbanned player has it (the users module's `inviterNames`, cached there).
   */
  inviterName?: (ref: string) => Promise<string | null>;
}

/** Origins whose pages are kept when PUBLIC_URL is unset (development): each Host seen, up to this. */
const MAX_ORIGINS = 8;

/**
 * Serves the built web app and answers every other non-API GET with index.html, so the
 * browser router shows the page (or its own not-found page).
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
    setHeaders: (res, path) => {
      // Hashed asset names never change content, so browsers may keep them for a year.
      if (path.includes('/assets/')) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        res.setHeader('vary', 'accept-encoding'); // a cache must not give the .br body to every client
      }
    },
  });
  // index.html with the page's own chunks preloaded, per first path segment (written by the web
  // build's route-preloads plugin); other paths get the plain index.html. Read once and sent from
  // memory, with the preview image's absolute URL (Open Graph wants one) filled in.
  const routesDir = join(distDir, 'routes');
  const sources = new Map([['index.html', readFileSync(join(distDir, 'index.html'), 'utf8')]]);
  if (existsSync(routesDir)) {
    for (const f of readdirSync(routesDir).filter((name) => name.endsWith('.html'))) {
      sources.set(`routes/${f}`, readFileSync(join(routesDir, f), 'utf8'));
    }
  }
  const prepareAll = (base: string) =>
    new Map([...sources].map(([file, html]) => [file, preparePage(html, base)] as const));
  const env = app.deps.env;
  const configured = env.PUBLIC_URL ? prepareAll(publicBase(env, '')) : null;
  const byOrigin = new Map<string, Map<string, PageFile>>();
  const pagesFor = (request: FastifyRequest) => {
    if (configured) return configured;
    const origin = `${request.protocol}://${request.host}`;
    let pages = byOrigin.get(origin);
    if (!pages) {
      pages = prepareAll(origin);
      if (byOrigin.size < MAX_ORIGINS) byOrigin.set(origin, pages);
    }
    return pages;
  };

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: PageFile) => {
    reply.header('cache-control', 'no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.send(page.html);
  };
  // A referral link's preview names the friend who invites; a crawler runs no script, so the server
  // writes it. Only this request pays for a lookup; every other page is sent as prepared.
  const sendInvite = async (request: FastifyRequest, reply: FastifyReply, page: PageFile, ref: string) => {
    let name: string | null = null;
    try {
      name = (await opts.inviterName?.(ref)) ?? null;
    } catch (err) {
      request.log.warn({ err }, 'referral preview: inviter lookup failed; generic preview sent');
    }
    if (!name) return sendPage(request, reply, page);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page.titled(inviteTitle(name)));
  };

  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ error: `No endpoint GET ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
    }
    const segment = /^\/([^/?#]*)/.exec(request.url)?.[1]?.toLowerCase() || 'index';
    const pages = pagesFor(request);
    const page = pages.get(`routes/${segment}.html`) ?? pages.get('index.html')!;
    const ref = segment === 'login' ? (request.query as { ref?: unknown }).ref : undefined;
    if (typeof ref === 'string') return sendInvite(request, reply, page, ref);
    return sendPage(request, reply, page);
  });
}
