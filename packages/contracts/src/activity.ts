import { z } from 'zod';
import { entryShown } from './ledger.ts';
import { olderPagesOf } from './paging.ts';

/** One row of the public leaderboard: lifetime earnings from earning activities, in R$. */
export const leaderboardEntry = z.object({
  username: z.string(),
  robuxEarned: z.number(),
  /** The player's level (docs/levels.md). */
  level: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

/** GET /api/leaderboard (public): a bare array, the top 100, highest first (the spec's client reads it so). */
export const leaderboardResponse = z.array(leaderboardEntry);
export type LeaderboardResponse = z.infer<typeof leaderboardResponse>;

export const TRANSACTIONS_PAGE_SIZE = 25;
export const TRANSACTIONS_MAX_PAGE_SIZE = 100;

/** An empty query parameter (`?cursor=`) means "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * GET /api/transactions?cursor=&limit= (signed in, the caller's own). `cursor` is the `nextCursor`
 * of the previous page; without it the newest page is returned.
 */
export const transactionsQuery = z.object({
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[1-9]\d{0,14}$/, 'must be a cursor from a previous page')
      // Ledger ids are 32-bit on PostgreSQL: a larger cursor would fail inside the query.
      .refine((s) => Number(s) <= 2_147_483_647, 'must be a cursor from a previous page')
      .optional(),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(TRANSACTIONS_MAX_PAGE_SIZE).default(TRANSACTIONS_PAGE_SIZE),
  ),
});
export type TransactionsQuery = z.infer<typeof transactionsQuery>;

/** earn: money in (positive entry); withdraw: money out (withdrawal, reversal, …). */
export const transactionType = z.enum(['earn', 'withdraw']);
export type TransactionType = z.infer<typeof transactionType>;

/**
 * A withdrawal as a player sees it: `purchasing` and `needs_review` read as pending; `in_review` and
 * `held` (an admin decides) as under_review.
 */
export const transactionState = z.enum(['pending', 'under_review', 'paid', 'refunded']);
export type TransactionState = z.infer<typeof transactionState>;

export const transactionItem = entryShown.extend({
  type: transactionType,
  /** R$, always positive; `type` carries the direction. */
  amount: z.number(),
  /** ISO-8601 UTC. */
  date: z.string(),
  /** Only on withdrawals. */
  state: transactionState.optional(),
});
export type TransactionItem = z.infer<typeof transactionItem>;

/** Newest first; `nextCursor` is null on the last page. */
export const transactionsResponse = olderPagesOf('items', transactionItem, 'nextCursor', z.string());
export type TransactionsResponse = z.infer<typeof transactionsResponse>;
