import type { FastifyRequest } from 'fastify';
import { roleCan, staffPermissions, type StaffPermission, type StaffRole } from '@rewards/contracts';
import { forbidden } from '../../shared/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What an admin route needs (packages/contracts/src/staff.ts lists who has what). Every admin
     * route declares one; test/staff.test.ts walks the routes to keep it so.
     */
    permission?: StaffPermission;
  }
}

/** The signed-in staff member: `id` null for the ADMIN_PASSWORD (bootstrap) owner. */
export interface StaffOfRequest {
  id: number | null;
  username: string;
  role: StaffRole;
}

/** The audit log's name for the ADMIN_PASSWORD sign-in. */
export const BOOTSTRAP_NAME = 'owner (bootstrap)';

export function declaredPermission(
  config: { permission?: unknown } | undefined,
): StaffPermission | undefined {
  const p = config?.permission;
  return typeof p === 'string' && (staffPermissions as readonly string[]).includes(p)
    ? (p as StaffPermission)
    : undefined;
}

/**
 * After the session check: the route's permission against the member's role. A route that declares
 * none is the owner's alone, so a forgotten declaration never opens a route to more staff.
 */
export function checkPermission(request: FastifyRequest, staff: StaffOfRequest): void {
  if (request.is404) return;
  const needed = declaredPermission(request.routeOptions.config);
  if (needed ? roleCan(staff.role, needed) : staff.role === 'owner') return;
  throw forbidden(`Your role (${staff.role}) cannot do this.`);
}
