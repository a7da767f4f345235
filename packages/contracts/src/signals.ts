import { z } from 'zod';
import { adminUserRow } from './admin.ts';

/** A sign-in signal two accounts share: the same browser (device id cookie) or the same address. */
export const signalKind = z.enum(['device', 'address']);
export type SignalKind = z.infer<typeof signalKind>;

export const sharedSignal = z.object({
  kind: signalKind,
  /** How many different devices (or addresses) of this kind the two accounts share. */
  values: z.number(),
  /** When both accounts had first used it: the later of their first sign-ins with it (earliest shared value). */
  firstSharedAt: z.string(),
  /** The latest sign-in of either account with it. */
  lastSeenAt: z.string(),
});
export type SharedSignal = z.infer<typeof sharedSignal>;

/** Another account as the admin's user list shows it, with the signals it shares with this one. */
export const linkedAccount = adminUserRow
  .pick({ _id: true, username: true, robloxId: true, status: true, verified: true })
  .extend({ signals: z.array(sharedSignal) });
export type LinkedAccount = z.infer<typeof linkedAccount>;

/** GET /api/admin/users/{id}/linked: the accounts that share a device or a sign-in address with this one. */
/**
 * How the account's referrer was attributed: `bio` (the link came with the browser that passed the bio
 * check), `roblox` (carried through Sign in with Roblox), `before_rule` (a referral that had counted
 * when a typed name still bound the referrer).
 */
export const referralVia = z.enum(['bio', 'roblox', 'before_rule']);

export const linkedAccountsResponse = z.object({
  userId: z.number(),
  /** Who referred this account, and how that was attributed; null: no referrer. */
  referrer: z.object({ _id: z.number(), username: z.string(), via: referralVia }).nullable(),
  accounts: z.array(linkedAccount),
  /** More accounts share a signal than were listed (the most recently seen are listed). */
  truncated: z.boolean(),
});
export type LinkedAccountsResponse = z.infer<typeof linkedAccountsResponse>;

/** The sign-in refusal when a device already created MAX_ACCOUNTS_PER_DEVICE accounts. */
export function tooManyAccountsMessage(limit: number, where: 'device' | 'address'): string {
  const place = where === 'device' ? 'This device' : 'Your network address';
  const accounts = limit === 1 ? '1 account' : `${limit} accounts`;
  return `${place} has already been used to create ${accounts}, the most allowed. Sign in to one of those accounts instead.`;
}
