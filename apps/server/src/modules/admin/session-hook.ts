import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findLiveAdminSession } from './session-repository.ts';
import { errorBody, type StaffPermission } from '@rewards/contracts';
import { BOOTSTRAP_NAME, checkPermission, declaredPermission, type StaffOfRequest } from './role-guard.ts';
import { checkAdminOrigin } from './origin-check.ts';
import { hashToken } from '../auth/index.ts';
import { runAsStaff } from '../audit/index.ts';
import { unauthenticated } from '../../shared/errors.ts';

export const ADMIN_COOKIE = 'admin_session';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: the call needs a live admin session cookie; nothing else opens it. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** Every admin route as registered and the permission it declares (test/staff.test.ts walks them). */
    adminRoutes: { method: string; url: string; permission: StaffPermission | undefined }[];
  }
  interface FastifyRequest {
    adminVerified: boolean;
    /** The signed-in staff member on admin calls (set with the session check), else null. */
    staff: StaffOfRequest | null;
  }
}

/** Admin paths of the spec outside /api/admin, plus the admin namespace itself. */
const ADMIN_PATH = /^\/api\/(admin\/|all-users(\/|\?|$)|toggle-ban\/)/;
const OPEN_ADMIN_PATH = /^\/api\/admin\/(login|logout)(\?|$)/;

export function isAdminPath(url: string): boolean {
  return ADMIN_PATH.test(url) && !OPEN_ADMIN_PATH.test(url);
}

/**
 * The path the admin checks go by: the console's route the router chose, or for a call no console
 * route answers (a 401 there too, so a stranger cannot map the console's routes), its path decoded as
 * the router reads it.
 */
function checkedPath(request: FastifyRequest): string {
  const route = request.is404 ? undefined : request.routeOptions.url;
  // Any other route (the web app's catch-all `/*` answers every GET) goes by the decoded path.
  if (route !== undefined && isAdminNamespace(route)) return route;
  const path = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Sign-in and sign-out change state too: the Origin check covers them (login CSRF). */
const isAdminNamespace = (url: string) => ADMIN_PATH.test(url);

export const adminAuthPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('adminVerified', false);
  app.decorateRequest('staff', null);

  const requireAdmin = async (request: FastifyRequest) => {
    if (request.adminVerified) return;
    const token = request.cookies[ADMIN_COOKIE];
    if (!token || token.length > 100) throw unauthenticated('Admin sign-in required.');
    const live = await findLiveAdminSession(
      app.deps.db,
      hashToken(token),
      app.deps.clock.now().toISOString(),
    );
    // A disabled member's sessions end at once; turning ADMIN_BOOTSTRAP off ends the bootstrap's.
    const bootstrapOff = live?.staffId === null && !app.deps.env.ADMIN_BOOTSTRAP;
    if (!live || live.disabled || bootstrapOff) throw unauthenticated('Admin sign-in required.');
    request.staff =
      live.staffId === null
        ? { id: null, username: BOOTSTRAP_NAME, role: 'owner' }
        : { id: live.staffId, username: live.username ?? '', role: live.role ?? 'support' };
    request.adminVerified = true;
  };
  app.decorate('requireAdmin', requireAdmin);

  app.decorate('adminRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!isAdminPath(route.url)) return;
    for (const method of [route.method].flat()) {
      app.adminRoutes.push({ method, url: route.url, permission: declaredPermission(route.config) });
    }
    // Any admin route may answer 403 (the role, or another site's page): documented once, here.
    const response = route.schema?.response as Record<number, unknown> | undefined;
    if (response && !(403 in response)) response[403] = errorBody;
  });

  // Checked before the body is parsed or validated, so every admin call refuses with 401 without
  // the session (403 without the role, or from another site's page), whatever it sends, and a route
  // that forgets its preHandler is still closed. Decided by the route the router chose, not by the
  // URL as sent: the router decodes the path (`/api/%61dmin/staff` is `/api/admin/staff`), so a
  // test of the raw URL would let an encoded path past every check.
  app.addHook('onRequest', (request, _reply, done) => {
    const route = checkedPath(request);
    if (!isAdminNamespace(route)) return done();
    try {
      checkAdminOrigin(request, app.deps.env);
    } catch (err) {
      return done(err as Error);
    }
    if (!isAdminPath(route)) return done();
    requireAdmin(request)
      .then(() => checkPermission(request, request.staff!))
      .then(() => done(), done);
  });

  // The audit rows written while serving the call name the member (after the body is read: its
  // stream events would not carry the context from onRequest).
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.staff) return done();
    runAsStaff(request.staff.username, done);
  });
});
