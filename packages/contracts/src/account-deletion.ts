import { z } from 'zod';

/*
 * Delete my account. The account is pseudonymised, not removed: its ledger and withdrawal
 * rows stay for the operator's accounting, but nothing leads back to the player or their Roblox
 * account, which may sign up again as a new account. Amounts are R$.
 */

/** The word the dialog makes the player type; the request carries it so no stray POST deletes. */
export const ACCOUNT_DELETION_CONFIRM = 'DELETE';

/** The words of the refusal (409 WITHDRAWAL_IN_FLIGHT) while a withdrawal is not yet paid or refunded. */
export const WITHDRAWAL_IN_FLIGHT_MESSAGE =
  'A withdrawal is on its way: wait until it is paid or refunded, then delete your account.';

/** Why deletion cannot happen now; `code` is the code the POST would answer with. */
export const accountDeletionBlock = z.object({
  code: z.enum(['WITHDRAWAL_IN_FLIGHT']),
  message: z.string(),
});
export type AccountDeletionBlock = z.infer<typeof accountDeletionBlock>;

/** GET /api/account/delete (signed in): what deleting would do now. */
export const accountDeletionPreview = z.object({
  /** The balance that would be forfeited; the dialog shows it and sends it back as `forfeitRobux`. */
  balance: z.number(),
  /** R$ of credits still on hold (not yet withdrawable): given up with the account too. */
  pending: z.number(),
  /** Present when deletion is refused for now. */
  blocked: accountDeletionBlock.optional(),
  /**
   * The account is protected and this session was not opened by proof in the last 10 minutes: the
   * request needs `proofToken`, from POST /api/account/protection/proof once its sentence is in the bio.
   */
  proofRequired: z.boolean(),
});
export type AccountDeletionPreview = z.infer<typeof accountDeletionPreview>;

/**
 * POST /api/account/delete. Refused with 409 WITHDRAWAL_IN_FLIGHT while a withdrawal is on its way,
 * 409 BALANCE_CHANGED (with `balance`, the current amount) when `forfeitRobux` is not the balance now,
 * 403 PROOF_REQUIRED for a protected account without proof (400 when the proof's sentence is not in the bio).
 */
export const accountDeletionRequest = z.object({
  confirm: z.literal(ACCOUNT_DELETION_CONFIRM),
  /** The balance the dialog showed, forfeited by deleting. */
  forfeitRobux: z.number().min(0).max(1e9),
  proofToken: z.string().trim().min(1).max(100).optional(),
});
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequest>;

/** The answer to both deletions: the account's sessions are signed out, so the page signs out too. */
export const accountDeletionResponse = z.object({
  deleted: z.literal(true),
  /** The R$ balance forfeited (kept on the pseudonymised account for the operator's totals). */
  forfeited: z.number(),
});
export type AccountDeletionResponse = z.infer<typeof accountDeletionResponse>;

/** POST /api/admin/users/{id}/delete (owner only, `users.delete`): the same on the player's request. */
export const adminUserDeletionRequest = z.object({ confirm: z.literal(ACCOUNT_DELETION_CONFIRM) });
export type AdminUserDeletionRequest = z.infer<typeof adminUserDeletionRequest>;
