import { z } from 'zod';
import { withdrawalMethod } from './withdrawals.ts';

// The admin console's view of the payout account (admin cookie): its health, its Robux and the group's
// funds, and the two actions that bring payouts back after a challenge or an expired cookie.

/**
 * `ok`: payouts run. `needs_attention`: Roblox asked for a challenge (two-step verification) or refused
 * the cookie; every payout stops until an admin replaces the cookie and resumes.
 */
export const payoutAccountStatus = z.enum(['ok', 'needs_attention']);
export type PayoutAccountStatus = z.infer<typeof payoutAccountStatus>;

export const payoutAccountResponse = z.object({
  /** PAYOUT_MODE: `manual` (an admin pays by hand) or `roblox` (the payout worker pays). */
  mode: z.enum(['manual', 'roblox']),
  methods: z.array(withdrawalMethod),
  status: payoutAccountStatus,
  /** Why it needs attention; null when ok. */
  reason: z.string().nullable(),
  /** When the status last changed. */
  since: z.string().nullable(),
  /** Why payouts wait for Robux right now (the balance cannot cover the next one); null when they don't. */
  fundsPause: z.string().nullable(),
  cookie: z.object({
    /** Where the payout cookie comes from: set in the console (stored encrypted), the environment, or nowhere. */
    source: z.enum(['console', 'environment', 'none']),
    updatedAt: z.string().nullable(),
    /** PAYOUT_SECRET_KEY is set, so the console can store a new cookie. */
    canReplace: z.boolean(),
  }),
  /** The payout account's own Robux (gamepass payouts), read from Roblox at most once a minute. */
  account: z.object({ userId: z.number(), robux: z.number().nullable(), readAt: z.string().nullable() }),
  /** The group's funds (group payouts); null when group payouts are off. */
  group: z
    .object({ id: z.number(), url: z.string(), funds: z.number().nullable(), readAt: z.string().nullable() })
    .nullable(),
  /** Why the figures above could not be read just now, if they could not. */
  readError: z.string().nullable(),
  paidLast24h: z.object({ count: z.number(), robux: z.number() }),
  /** Withdrawals waiting to be paid (pending or being paid) and what paying them costs, per method. */
  queue: z.object({
    count: z.number(),
    gamepassCost: z.number(),
    groupCost: z.number(),
  }),
  /** Plain sentences for the console: the balance cannot cover the queue, and the like. */
  warnings: z.array(z.string()),
});
export type PayoutAccountResponse = z.infer<typeof payoutAccountResponse>;

/** POST /api/admin/payout-account/cookie: the new `.ROBLOSECURITY` value. Never sent back, never logged. */
export const replacePayoutCookieRequest = z.object({
  cookie: z
    .string()
    .trim()
    .min(20, 'Paste the whole .ROBLOSECURITY cookie value.')
    .max(4096)
    .regex(/^[\x21-\x7e]+$/, 'The cookie value has no spaces or special characters; paste only the value.'),
});
export type ReplacePayoutCookieRequest = z.infer<typeof replacePayoutCookieRequest>;
