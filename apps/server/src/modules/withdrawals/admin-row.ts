import { gamepassLink, groupLink, type AdminWithdrawalRow } from '@rewards/contracts';
import type * as repo from './repository.ts';
import { parseReasons } from './review-rules.ts';

export type JoinedRow = NonNullable<Awaited<ReturnType<typeof repo.findWithUser>>>;

/** A withdrawal with its player, as the admin console lists it; `groupId` is ROBLOX_PAYOUT_GROUP_ID. */
export function toRow(r: JoinedRow, groupId = 0): AdminWithdrawalRow {
  return {
    id: r.id,
    userId: r.user_id,
    username: r.username,
    robloxId: Number(r.roblox_id),
    method: r.method,
    gamepassId: r.gamepass_id === null ? null : Number(r.gamepass_id),
    gamepassUrl: r.gamepass_id === null ? groupLink(groupId) : gamepassLink(Number(r.gamepass_id)),
    recipientId: Number(r.seller_id),
    robux: r.robux,
    price: r.price,
    state: r.state,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    paidAt: r.paid_at,
    reviewReasons: parseReasons(r.review_reasons),
    playerStatus: r.user_status,
    payDespiteBan: r.pay_despite_ban === 1,
  };
}
