import type { Selectable } from 'kysely';
import {
  fromCents,
  gamepassLink,
  NOT_VERIFIED_MESSAGE,
  toCents,
  UNDER_REVIEW_MESSAGE,
  type WithdrawalsResponse,
  type WithdrawResponse,
} from '@rewards/contracts';
import type { WithdrawalsTable } from '../../db/tables/withdrawals.ts';
import { signalsOfSession, type Player } from '../auth/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../shared/errors.ts';
import { findUserById } from '../users/index.ts';
import { notifyDiscord, plain, type NotifyLog } from '../../shared/discord.ts';
import * as repo from './repository.ts';
import { insertWithDebit, type Requested } from './request-write.ts';
import { insufficientBalance, parseAmount, withdrawalBounds, type WithdrawInput } from './withdraw-input.ts';
import { groupPayoutInFlight, passInUse, payoutTarget } from './payout-target.ts';

export { PASS_IN_USE_MESSAGE } from './payout-target.ts';
import { reasonsBeforeLock, reasonsUnderLock } from './review-rules.ts';
import { reversalShareOf, withdrawalBlockOf, withdrawalsPaused } from './withdrawal-blocks.ts';

export const SUBMITTED_MESSAGE = 'Your withdrawal request has been submitted.';

const LIST_LIMIT = 50;
// Printable ASCII without spaces, like the UUIDs browsers make.
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;

export type WithdrawalRow = Selectable<WithdrawalsTable>;

function summary(w: Pick<WithdrawalRow, 'id' | 'method' | 'robux' | 'price' | 'gamepass_id' | 'state'>) {
  return {
    id: w.id,
    method: w.method,
    robux: w.robux,
    price: w.price,
    gamepassId: w.gamepass_id === null ? null : Number(w.gamepass_id),
    state: w.state,
  };
}

async function balanceOf(deps: Deps, userId: number): Promise<number> {
  const user = await findUserById(deps.db, userId);
  return Number(user?.balance ?? 0);
}

/**
 * POST /api/withdraw. Everything is checked here, whatever the client checked: verified, not paused by
 * reversals, amount, where it is paid (payout-target.ts: the player's own gamepass at the right price
 * without regional pricing, or a group payout the player is eligible for), then the review rules, then
 * the debit and the row in one transaction: `pending` (to payment), or `in_review` with the reasons of
 * every rule that applied.
 */
export async function requestWithdrawal(
  deps: Deps,
  player: Player,
  input: WithdrawInput,
  idempotencyKey: string | undefined,
  log?: NotifyLog,
): Promise<WithdrawResponse> {
  let requestKey: string | null = null;
  if (idempotencyKey !== undefined) {
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw badRequest('The Idempotency-Key header must be 1 to 100 visible characters.');
    }
    requestKey = `${player.id}:${idempotencyKey}`;
    const earlier = await repo.findByRequestKey(deps.db, requestKey);
    if (earlier) return repeatAnswer(deps, earlier);
  }

  const user = await findUserById(deps.db, player.id);
  if (!user) throw notFound('Account not found.');
  if (user.verified !== 1) throw forbidden(NOT_VERIFIED_MESSAGE, { reason: 'NOT_VERIFIED' });
  const share = await reversalShareOf(deps, player.id);
  if (share.paused) throw withdrawalsPaused(share);
  const robux = parseAmount(input.amount, withdrawalBounds(deps.env));
  const cents = toCents(robux);
  // Early and friendly; the debit below is what actually guards the balance.
  if (Number(user.balance) < cents) throw insufficientBalance(Number(user.balance));

  const target = await payoutTarget(deps, player, input, robux, log);

  const review = {
    deps,
    db: deps.db,
    userId: player.id,
    robloxId: player.robloxId,
    robux,
    now: deps.clock.now(),
    sessionSignals: await signalsOfSession(deps.db, player.token),
  };
  const before = await reasonsBeforeLock(review);
  let created: Requested | 'repeat' | 'in_use';
  try {
    created = await insertWithDebit(
      deps,
      {
        userId: player.id,
        robux,
        amount: cents,
        ...target,
        requestKey,
        now: deps.clock.now().toISOString(),
      },
      (trx) => reasonsUnderLock({ ...review, db: trx }, before),
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') {
      throw insufficientBalance(await balanceOf(deps, player.id));
    }
    throw err;
  }
  if (created === 'in_use') {
    throw target.method === 'group' ? groupPayoutInFlight() : passInUse();
  }
  if (created === 'repeat') {
    const earlier = await repo.findByRequestKey(deps.db, requestKey!);
    if (!earlier) throw conflict('This request is being processed. Please try again.');
    return repeatAnswer(deps, earlier);
  }
  const { state, reasons } = created;

  void notifyDiscord(
    deps.env,
    `💸 Withdrawal request #${created.id}: **${plain(user.username)}** (Roblox ${player.robloxId}) asks for R$ ${robux}; ${
      target.gamepassId === null
        ? 'group payout'
        : `gamepass ${gamepassLink(target.gamepassId)} priced ${target.price}`
    }. ${
      state === 'in_review'
        ? `Waiting for review: ${reasons.map((r) => plain(r.text)).join(' ')}`
        : `Payout mode: ${deps.env.PAYOUT_MODE}.`
    }`,
    log,
  );
  return {
    success: true,
    message: state === 'in_review' ? UNDER_REVIEW_MESSAGE : SUBMITTED_MESSAGE,
    withdrawal: {
      id: created.id,
      method: target.method,
      robux,
      price: target.price,
      gamepassId: target.gamepassId,
      state,
    },
    robux: fromCents(created.balance),
  };
}

/** The answer to a repeated submit: the withdrawal the first one made, as it is now. */
async function repeatAnswer(deps: Deps, w: WithdrawalRow): Promise<WithdrawResponse> {
  return {
    success: true,
    message: w.state === 'in_review' ? UNDER_REVIEW_MESSAGE : SUBMITTED_MESSAGE,
    withdrawal: summary(w),
    robux: fromCents(await balanceOf(deps, w.user_id)),
  };
}

/** GET /api/withdrawals: the caller's own, newest first, and what stops a new one now, if anything. */
export async function listOwnWithdrawals(deps: Deps, player: Player): Promise<WithdrawalsResponse> {
  const [rows, blocked] = await Promise.all([
    repo.listForUser(deps.db, player.id, LIST_LIMIT),
    withdrawalBlockOf(deps, { id: player.id, balance: player.snapshot.balance }),
  ]);
  return {
    withdrawals: rows.map((w) => ({
      ...summary(w),
      createdAt: w.created_at,
      updatedAt: w.updated_at,
    })),
    ...(blocked ? { blocked } : {}),
  };
}

export async function usernameOf(deps: Deps, userId: number): Promise<string> {
  return (await findUserById(deps.db, userId))?.username ?? `user ${userId}`;
}
