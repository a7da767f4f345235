import { z } from 'zod';
import { pageOf, pageQuery } from './paging.ts';
import { userStatus } from './users.ts';
import { reviewReason, withdrawalBlock, withdrawalMethod, withdrawalState } from './withdrawals.ts';

// The admin console's payout queue (admin cookie): the list, the decisions, a player's money state.

export const adminWithdrawalsQuery = z.object({
  /** Omitted or `all`: every state. */
  state: z.union([withdrawalState, z.literal('all')]).default('all'),
  ...pageQuery,
});
export type AdminWithdrawalsQuery = z.infer<typeof adminWithdrawalsQuery>;

export const adminWithdrawalRow = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  robloxId: z.number(),
  method: withdrawalMethod,
  /** Null for a group payout. */
  gamepassId: z.number().nullable(),
  /** The gamepass's page, or for a group payout the group's. */
  gamepassUrl: z.string(),
  /** The Roblox account that receives the Robux (the gamepass's creator, or the group payout's recipient). */
  recipientId: z.number(),
  robux: z.number(),
  price: z.number(),
  state: withdrawalState,
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
  /** Why it went to review (kept after the decision); empty when no rule applied. */
  reviewReasons: z.array(reviewReason),
  /** The player's account status now. */
  playerStatus: userStatus,
  /** An admin chose to pay it although the player is banned. */
  payDespiteBan: z.boolean(),
});
export type AdminWithdrawalRow = z.infer<typeof adminWithdrawalRow>;

export const adminWithdrawalsResponse = pageOf('withdrawals', adminWithdrawalRow).extend({
  /** Withdrawals waiting (not paid or refunded) in each state that has any, whatever the page's state. */
  waiting: z.array(z.object({ state: withdrawalState, count: z.number() })),
});
export type AdminWithdrawalsResponse = z.infer<typeof adminWithdrawalsResponse>;

export const rejectWithdrawalRequest = z.object({
  reason: z.string().trim().min(1, 'Give a reason.').max(300),
});
export const resolveWithdrawalRequest = z.object({
  outcome: z.enum(['paid', 'refunded']),
  note: z.string().trim().max(300).optional(),
});

/** POST /api/admin/withdrawals/{id}/paid | reject | resolve | decide: the withdrawal after the change. */
export const adminWithdrawalChangeResponse = z.object({ withdrawal: adminWithdrawalRow });
export type AdminWithdrawalChangeResponse = z.infer<typeof adminWithdrawalChangeResponse>;

/**
 * POST /api/admin/withdrawals/{id}/decide: the admin's decision on a withdrawal `in_review` or `held`.
 * `approve` sends it to payment (`pending`; a held one is then paid although the player is banned);
 * `refund` gives the amount back to the player's balance. Both are audited and apply once.
 */
export const decideWithdrawalRequest = z.object({
  decision: z.enum(['approve', 'refund']),
  note: z.string().trim().max(300).optional(),
});
export type DecideWithdrawalRequest = z.infer<typeof decideWithdrawalRequest>;

/** The reversed share of a player's offer and survey credits over the rule's window. */
export const reversalShare = z.object({
  windowDays: z.number(),
  /** Credits received (held ones included) and those the provider reversed, by count and R$. */
  credits: z.number(),
  reversed: z.number(),
  creditedRobux: z.number(),
  reversedRobux: z.number(),
  /** The higher of the count share and the R$ share, rounded to one decimal. */
  percent: z.number(),
  limitPercent: z.number(),
  /** Withdrawals are paused: the share is above the limit. */
  paused: z.boolean(),
});
export type ReversalShare = z.infer<typeof reversalShare>;

/** GET /api/admin/users/{id}/money: what the withdrawal rules see of a player. */
export const adminUserMoneyResponse = z.object({
  userId: z.number(),
  status: userStatus,
  verified: z.boolean(),
  /** R$; negative after reversals. */
  balance: z.number(),
  /** R$ of offer and survey credits still on hold. */
  pendingRobux: z.number(),
  reversals: reversalShare,
  /** What the player is told when trying to withdraw now; null when nothing blocks it. */
  blocked: withdrawalBlock.nullable(),
  /** Paid withdrawals so far (0: the next one is a first withdrawal). */
  paidWithdrawals: z.number(),
  /** Withdrawals waiting for a decision or a payout, newest first. */
  open: z.array(
    adminWithdrawalRow.pick({
      id: true,
      robux: true,
      state: true,
      reviewReasons: true,
      lastError: true,
      createdAt: true,
    }),
  ),
});
export type AdminUserMoneyResponse = z.infer<typeof adminUserMoneyResponse>;

/** The public link of a gamepass, for the admin console. */
export function gamepassLink(gamepassId: number): string {
  return `https://www.roblox.com/game-pass/${gamepassId}`;
}
