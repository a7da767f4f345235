import { z } from 'zod';
import { rowId } from './paging.ts';

/** Staff roles of the admin console. `owner` may do everything and manages staff. */
export const staffRoles = ['owner', 'moderator', 'support'] as const;
export const staffRole = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRole>;

/**
 * What an admin route needs; each admin route declares one, the server checks it on every call and
 * the console hides what the signed-in member's role cannot do.
 * - `read`: every GET of the console but the Economics section's;
 * - `economics.read`: the Economics section's money figures and warnings; `economics.edit`: the Robux cost;
 * - `self`: the member's own account (password, two-factor sign-in);
 * - `users.ban`: ban and unban players; `users.points`: add or remove points; `users.delete`: delete
 *   a player's account on their request (owner only);
 * - `postbacks.decide`: the postback log's actions (replay, approve or reject a held postback; a
 *   moderator approves one up to MODERATOR_APPROVE_LIMIT R$);
 * - `withdrawals.decide`: the review queue's decisions on withdrawals in review or held (a moderator
 *   approves up to MODERATOR_APPROVE_LIMIT R$); `withdrawals.pay`: mark paid, reject a pending one, settle
 *   one needing review;
 * - `walls.edit`, `promocodes.edit`, `giveaways.edit`, `races.edit`, `levels.edit` (level rewards),
 *   `payoutAccount.edit`, `staff.manage`.
 */
export const staffPermissions = [
  'read',
  'economics.read',
  'economics.edit',
  'self',
  'users.ban',
  'users.points',
  'users.delete',
  'postbacks.decide',
  'withdrawals.decide',
  'withdrawals.pay',
  'walls.edit',
  'promocodes.edit',
  'giveaways.edit',
  'races.edit',
  'levels.edit',
  'payoutAccount.edit',
  'staff.manage',
] as const;
export const staffPermission = z.enum(staffPermissions);
export type StaffPermission = z.infer<typeof staffPermission>;

/** The one table of who may do what; the server's role check and the console both read it. */
export const rolePermissions: Record<StaffRole, readonly StaffPermission[]> = {
  owner: staffPermissions,
  moderator: ['read', 'economics.read', 'self', 'users.ban', 'postbacks.decide', 'withdrawals.decide'],
  support: ['read', 'self'],
};

export function roleCan(role: StaffRole, permission: StaffPermission): boolean {
  return rolePermissions[role].includes(permission);
}

const username = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Letters, digits, _ . - only');
/** At least 12 characters: the staff password guards the whole site. */
const newPassword = z.string().min(12, 'At least 12 characters').max(200);
/** A 6-digit TOTP code or a recovery code (xxxxx-xxxxx). */
const code = z.string().trim().min(6).max(20);

/** A staff member as the owner sees them in GET /api/admin/staff. */
export const staffMember = z.object({
  id: z.number(),
  username: z.string(),
  role: staffRole,
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** GET /api/admin/staff */
export const staffListResponse = z.object({ staff: z.array(staffMember) });
export type StaffListResponse = z.infer<typeof staffListResponse>;

/** POST /api/admin/staff → 201 staffMember */
export const createStaffRequest = z.object({ username, password: newPassword, role: staffRole });
export type CreateStaffRequest = z.infer<typeof createStaffRequest>;

/** PATCH /api/admin/staff/{id} → staffMember. The last active owner cannot be disabled or demoted. */
export const updateStaffRequest = z
  .object({ role: staffRole.optional(), disabled: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.disabled !== undefined, 'Nothing to change');
export type UpdateStaffRequest = z.infer<typeof updateStaffRequest>;

/** POST /api/admin/staff/{id}/reset-password → 204. Also turns the member's two-factor sign-in off. */
export const resetStaffPasswordRequest = z.object({ password: newPassword });
export type ResetStaffPasswordRequest = z.infer<typeof resetStaffPasswordRequest>;

/** GET /api/admin/me: who is signed in, and what their role lets them do. */
export const staffMeResponse = z.object({
  /** null for the ADMIN_PASSWORD (bootstrap) sign-in. */
  id: z.number().nullable(),
  username: z.string(),
  role: staffRole,
  bootstrap: z.boolean(),
  totpEnabled: z.boolean(),
  permissions: z.array(staffPermission),
  /** A moderator approves withdrawals and held postbacks up to this many R$ (MODERATOR_APPROVE_LIMIT). */
  moderatorApproveLimit: z.number(),
});
export type StaffMeResponse = z.infer<typeof staffMeResponse>;

/** POST /api/admin/me/password → 204 */
export const changeOwnPasswordRequest = z.object({ current: z.string().min(1).max(200), next: newPassword });
export type ChangeOwnPasswordRequest = z.infer<typeof changeOwnPasswordRequest>;

/** POST /api/admin/me/totp/setup (no body): a new secret, to be confirmed with /enable. */
export const totpSetupResponse = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code (`data:image/png;base64,…`). */
  qrDataUrl: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

/** POST /api/admin/me/totp/enable: a code from the app proves the enrolment. */
export const totpEnableRequest = z.object({ code });
export type TotpEnableRequest = z.infer<typeof totpEnableRequest>;
/** The 10 one-time recovery codes, shown this once (only their hashes are kept). */
export const totpEnableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpEnableResponse = z.infer<typeof totpEnableResponse>;

/** POST /api/admin/me/totp/disable → 204: a current code (or a recovery code) turns it off. */
export const totpDisableRequest = z.object({ code });
export type TotpDisableRequest = z.infer<typeof totpDisableRequest>;

/** GET /api/admin/audit?before=&actor=: `actor` keeps the rows of one staff member (exact name). */
export const adminAuditQuery = z.object({
  before: rowId.optional(),
  actor: z.string().trim().min(1).max(64).optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuery>;
