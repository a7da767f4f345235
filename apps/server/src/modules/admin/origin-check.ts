import type { FastifyRequest } from 'fastify';
import type { Env } from '../../env.ts';
import { forbidden } from '../../shared/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing admin call must come from the console's own pages, on top of the SameSite=Strict
 * cookie. Browsers send `Origin` on every POST, PUT, PATCH and DELETE (same-site ones included), so a
 * present `Origin` must be PUBLIC_URL's origin or the request's own host; `Origin: null` (sandboxed
 * frames, privacy redirects) is refused too. A call without `Origin` is a non-browser client (curl,
 * scripts, tests): a browser page cannot leave it out, so allowing it opens nothing to other sites —
 * unless the browser says through `Sec-Fetch-Site` that the call is cross-site, which is refused.
 */
export function checkAdminOrigin(request: FastifyRequest, env: Env): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin === undefined) {
    if (request.headers['sec-fetch-site'] === 'cross-site') throw refused();
    return;
  }
  if (!sameOrigin(origin, request.host, env.PUBLIC_URL)) throw refused();
}

function sameOrigin(origin: string, host: string, publicUrl: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin.replace(/\/$/, '')) return false;
  if (publicUrl && new URL(publicUrl).origin === url.origin) return true;
  // The Host header may name the scheme's default port (`localhost:80`); URL drops it on both sides.
  return url.host === hostOf(`${url.protocol}//${host}`);
}

function hostOf(text: string): string | undefined {
  try {
    return new URL(text).host;
  } catch {
    return undefined;
  }
}

const refused = () => forbidden('Cross-site admin request refused.');
