import type { FastifyRequest } from 'fastify';

/** What a staff member may approve alone, in R$, and the role that sets it. */
export interface ApproveLimit {
  role: string;
  robux: number;
}

/**
 * The approval limit of the staff member signed in on this admin call: a moderator approves
 * withdrawals and held postbacks up to MODERATOR_APPROVE_LIMIT R$; an owner has none (undefined).
 */
export function approveLimitOf(request: FastifyRequest): ApproveLimit | undefined {
  return request.staff?.role === 'moderator'
    ? { role: request.staff.role, robux: request.server.deps.env.MODERATOR_APPROVE_LIMIT }
    : undefined;
}
