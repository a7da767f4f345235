import { z } from 'zod';
import { entryShown } from './ledger.ts';
import { pageOf, pageQuery } from './paging.ts';
import { userStatus } from './users.ts';

/**
 * POST /api/admin/login: `{password}` alone is the ADMIN_PASSWORD (bootstrap) sign-in as the owner;
 * a staff member sends `{username, password}` and, with two-factor sign-in on, `code` (a 6-digit TOTP
 * code or an unused recovery code); without it the answer is 401 `TOTP_REQUIRED`.
 */
export const adminLoginRequest = z.object({
  username: z.string().trim().min(1).max(64).optional(),
  password: z.string().min(1).max(200),
  code: z.string().trim().min(1).max(20).optional(),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

/** POST /api/admin/login (sets the session cookie) and GET /api/admin/session. */
export const adminSessionResponse = z.object({ authenticated: z.literal(true) });

export const adminUsersQuery = z.object({
  search: z.string().trim().max(50).optional(),
  ...pageQuery,
  /** `1`: only accounts that share a device or sign-in address with another account. */
  linked: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUserRow = z.object({
  _id: z.number(),
  username: z.string(),
  robloxId: z.number(),
  earnings: z.number(),
  balance: z.number(),
  status: userStatus,
  verified: z.boolean(),
  joinedAt: z.string(),
  /** Shares a device or sign-in address with another account (see GET /api/admin/users/{id}/linked). */
  linked: z.boolean().optional(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUsersResponse = pageOf('users', adminUserRow);
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

export const toggleBanRequest = z.object({ status: userStatus });
/** PUT /api/toggle-ban/{id}: the account's new status. */
export const toggleBanResponse = z.object({ _id: z.number(), status: userStatus });

/** Points arrive unchecked so that every bad value gets the spec's one message, "Invalid points". */
export const addPointsRequest = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
  points: z.unknown(),
  reason: z.string().trim().max(200).optional(),
});
export const addPointsResponse = z.object({ newEarnings: z.number(), balance: z.number() });
export type AddPointsResponse = z.infer<typeof addPointsResponse>;

export const ledgerRow = entryShown.extend({
  amount: z.number(),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

/** GET /api/admin/users/{id}/ledger?before=: the account's ledger entries, newest first. */
export const adminLedgerResponse = z.object({ entries: z.array(ledgerRow) });

export const auditRow = z.object({
  id: z.number(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof auditRow>;

/** GET /api/admin/audit?before=: the admins' changes, newest first. */
export const adminAuditResponse = z.object({ entries: z.array(auditRow) });

/** GET /api/admin/overview: site totals and the last days' figures. */
export const overviewResponse = z.object({
  totals: z.object({
    players: z.number(),
    earned: z.number(),
    withdrawn: z.number(),
    withdrawalsWaiting: z.number(),
    postbacksToday: z.number(),
  }),
  days: z.array(
    z.object({ day: z.string(), earned: z.number(), withdrawn: z.number(), newPlayers: z.number() }),
  ),
});
export type OverviewResponse = z.infer<typeof overviewResponse>;
