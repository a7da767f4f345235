import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app and answers every other non-API GET with index.html, so the
 * browser router shows the page (or its own not-found page).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
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
  // build's route-preloads plugin); other paths get the plain index.html.
  const routesDir = join(distDir, 'routes');
  const routePages = new Set(
    existsSync(routesDir) ? readdirSync(routesDir).filter((f) => f.endsWith('.html')) : [],
  );
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ error: `No endpoint GET ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
    }
    const segment = /^\/([^/?#]*)/.exec(request.url)?.[1]?.toLowerCase() || 'index';
    const page = `${segment}.html`;
    const file = routePages.has(page) ? `routes/${page}` : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(file);
  });
}
