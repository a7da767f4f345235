import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { gamepassLink } from '@rewards/contracts';
import { describeFailure } from '../../roblox/http.ts';
import type { GamePassInfo } from '../../roblox/gateway.ts';
import type { Deps } from '../../deps.ts';
import { notifyDiscord, plain } from '../../shared/discord.ts';
import * as repo from './repository.ts';
import { refundInTransaction, usernameOf, type WithdrawalRow } from './service.ts';

/**
 * Automatic payouts (PAYOUT_MODE=roblox): pending → purchasing → paid | refunded | needs_review | held.
 *
 * A banned player's withdrawal is never bought (unless an admin chose "pay anyway"): the player's
 * status is read when the withdrawal is claimed, and again in the very statement that records the
 * purchase attempt just before buying; either way it goes to `held`, for an admin to decide.
 *
 * A gamepass is never bought twice for one withdrawal:
 * - one worker at a time holds a withdrawal (a conditional UPDATE claims it; several processes are safe);
 * - before every purchase the payout account's inventory is asked: if it owns the pass, the withdrawal
 *   is paid and nothing is bought (this is also how a run killed mid-purchase is recovered once its
 *   lease has run out);
 * - a live withdrawal's gamepass is unique (index), so "owned" can only mean "bought for this one";
 * - an unclear outcome (timeout, 5xx) is never retried at once: ownership is checked again, then the
 *   withdrawal waits with back-off, and after a bounded number of purchase attempts goes to needs_review.
 */

export const PAYOUT_LEASE_MS = 2 * 60_000;
export const MAX_PURCHASE_ATTEMPTS = 3;
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 10 * 60_000;

/** Refusals that mean "nothing was bought, and it is not the gamepass's fault": try again later. */
const NOT_ATTEMPTED = new Set(['RateLimited', 'Unauthorized', 'NotConfigured', 'HTTP_403']);

export interface PayoutLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silent: PayoutLog = { info() {}, warn() {}, error() {} };

export interface PayoutOptions {
  /** Names this process in `claimed_by`. */
  workerId?: string;
  log?: PayoutLog;
  leaseMs?: number;
  maxPurchaseAttempts?: number;
}

export type PayoutOutcome = 'paid' | 'refunded' | 'needs_review' | 'held' | 'retry' | 'lost' | 'not_claimed';

export interface PayoutResult {
  id: number;
  outcome: PayoutOutcome;
  detail?: string;
}

const defaultWorkerId = `${hostname()}:${process.pid}`;

/** Claims and works one withdrawal, if it can be claimed now. */
export async function processWithdrawal(
  deps: Deps,
  id: number,
  opts: PayoutOptions = {},
): Promise<PayoutResult> {
  // Manual mode: the admin buys by hand, so nothing here may buy as well.
  if (deps.env.PAYOUT_MODE !== 'roblox') return { id, outcome: 'not_claimed' };
  const log = opts.log ?? silent;
  const token = `${opts.workerId ?? defaultWorkerId}:${randomUUID()}`;
  const now = deps.clock.now();
  const leaseCutoff = new Date(now.getTime() - (opts.leaseMs ?? PAYOUT_LEASE_MS)).toISOString();
  const claimed = await repo.claim(deps.db, id, token, now.toISOString(), leaseCutoff);
  if (!claimed) return { id, outcome: 'not_claimed' };
  if (claimed.purchase_attempts > 0 && claimed.attempts > 1) {
    log.info({ withdrawalId: id }, 'payout: resuming a withdrawal that was claimed before');
  }
  try {
    return await new Payout(
      deps,
      claimed,
      token,
      log,
      opts.maxPurchaseAttempts ?? MAX_PURCHASE_ATTEMPTS,
    ).run();
  } catch (err) {
    // A database hiccup: release the claim so the withdrawal is tried again later.
    log.error({ err, withdrawalId: id }, 'payout: unexpected failure');
    try {
      return await new Payout(deps, claimed, token, log, 0).retryLater(
        `Unexpected failure: ${describeFailure(err)}`,
      );
    } catch {
      return { id, outcome: 'retry', detail: 'the lease will run out and the withdrawal will be taken over' };
    }
  }
}

/** Works the next claimable withdrawal, if any; null when there is nothing to do now. */
export async function runPayoutOnce(deps: Deps, opts: PayoutOptions = {}): Promise<PayoutResult | null> {
  if (deps.env.PAYOUT_MODE !== 'roblox') return null;
  const now = deps.clock.now();
  const leaseCutoff = new Date(now.getTime() - (opts.leaseMs ?? PAYOUT_LEASE_MS)).toISOString();
  const ids = await repo.findClaimable(deps.db, now.toISOString(), leaseCutoff, 10);
  for (const id of ids) {
    const result = await processWithdrawal(deps, id, opts);
    if (result.outcome !== 'not_claimed') return result; // another worker took it: try the next
  }
  return null;
}

class Payout {
  private readonly gamePassId: number;

  constructor(
    private readonly deps: Deps,
    private readonly w: WithdrawalRow,
    private readonly token: string,
    private readonly log: PayoutLog,
    private readonly maxPurchaseAttempts: number,
  ) {
    this.gamePassId = Number(w.gamepass_id);
  }

  private now() {
    return this.deps.clock.now().toISOString();
  }

  private owns(): Promise<boolean> {
    return this.deps.roblox.ownsGamePass(this.deps.env.ROBLOX_PAYOUT_USER_ID, this.gamePassId);
  }

  private stoppedByBan(): Promise<boolean> {
    if (this.w.pay_despite_ban === 1) return Promise.resolve(false);
    return repo.userStatus(this.deps.db, this.w.user_id).then((status) => status === 'banned');
  }

  async run(): Promise<PayoutResult> {
    // First check: at the claim, before anything is asked of Roblox.
    if (await this.stoppedByBan()) return this.holdForBan('when the payout started', false);
    let pass: GamePassInfo | null;
    let owned: boolean;
    try {
      pass = await this.deps.roblox.getGamePass(this.gamePassId);
      owned = await this.owns();
    } catch (err) {
      // Nothing was bought: Roblox did not answer the reads before the purchase.
      return this.retryLater(
        `Roblox did not answer before the purchase: ${describeFailure(err instanceof Error && err.cause ? err.cause : err)}`,
      );
    }
    if (owned) return this.paid('the payout account owns the gamepass');
    if (!pass) return this.refund('The gamepass no longer exists.');
    if (!pass.isForSale || pass.price === null) return this.refund('The gamepass is no longer for sale.');
    if (pass.price !== this.w.price) {
      return this.refund(`The gamepass price changed from ${this.w.price} to ${pass.price} Robux.`);
    }
    if (pass.creatorId !== Number(this.w.seller_id)) return this.refund('The gamepass changed owner.');
    if (this.w.purchase_attempts >= this.maxPurchaseAttempts) {
      return this.needsReview(
        `${this.w.purchase_attempts} purchase attempts without a clear answer, and the payout account does not own the gamepass.`,
      );
    }

    // Second check, in the same statement that records the attempt: a ban committed by now stops it.
    if (!(await repo.notePurchaseAttempt(this.deps.db, this.w.id, this.token, this.now()))) {
      if (await this.stoppedByBan()) return this.holdForBan('just before buying', true);
      return this.lost();
    }
    const attempt = this.w.purchase_attempts + 1;
    // Expected price and seller are the withdrawal's: Roblox refuses if either differs by now.
    const outcome = await this.deps.roblox.purchaseGamePass({
      ...pass,
      price: this.w.price,
      creatorId: Number(this.w.seller_id),
    });
    this.log.info({ withdrawalId: this.w.id, attempt, outcome }, 'payout: purchase answered');

    if (outcome.kind === 'purchased') return this.paid('purchased');
    if (outcome.kind === 'refused') {
      const why = `Roblox refused the purchase (${outcome.reason})${outcome.detail ? `: ${outcome.detail}` : ''}`;
      if (outcome.reason === 'AlreadyOwned')
        return this.paid('Roblox says the payout account already owns it');
      if (NOT_ATTEMPTED.has(outcome.reason)) {
        this.log.error(
          { withdrawalId: this.w.id, reason: outcome.reason },
          'payout: the payout account cannot buy now',
        );
        return this.retryLater(why, { uncountPurchase: true });
      }
      return this.refund(`${why}.`);
    }

    // Unclear: it may have gone through. Ask the inventory before anything else.
    let ownedNow = false;
    try {
      ownedNow = await this.owns();
    } catch {
      // Still unclear; the next attempt asks again before buying.
    }
    if (ownedNow)
      return this.paid('the purchase answer was unclear, but the payout account owns the gamepass');
    const why = `Purchase attempt ${attempt} had no clear answer (${outcome.detail}).`;
    if (attempt >= this.maxPurchaseAttempts) return this.needsReview(why);
    return this.retryLater(why);
  }

  private lost(): PayoutResult {
    this.log.warn(
      { withdrawalId: this.w.id },
      'payout: the claim was taken over; leaving the withdrawal alone',
    );
    return { id: this.w.id, outcome: 'lost' };
  }

  private async paid(detail: string): Promise<PayoutResult> {
    const row = await repo.transition(this.deps.db, {
      id: this.w.id,
      from: ['purchasing'],
      claimedBy: this.token,
      to: 'paid',
      now: this.now(),
      lastError: null,
    });
    if (!row) return this.lost();
    this.log.info({ withdrawalId: this.w.id, detail }, 'payout: paid');
    await this.tell(
      `✅ Withdrawal #${this.w.id} paid: R$ ${this.w.robux} to **${plain(await usernameOf(this.deps, this.w.user_id))}** (gamepass ${gamepassLink(this.gamePassId)}, price ${this.w.price}).`,
    );
    return { id: this.w.id, outcome: 'paid', detail };
  }

  private async refund(reason: string): Promise<PayoutResult> {
    const done = await this.deps.db.transaction().execute(async (trx) => {
      const row = await repo.transition(trx, {
        id: this.w.id,
        from: ['purchasing'],
        claimedBy: this.token,
        to: 'refunded',
        now: this.now(),
        lastError: reason,
      });
      if (!row) return false;
      await refundInTransaction(trx, this.deps.clock, row, reason);
      return true;
    });
    if (!done) return this.lost();
    this.log.warn({ withdrawalId: this.w.id, reason }, 'payout: refunded');
    await this.tell(`↩️ Withdrawal #${this.w.id} refunded (R$ ${this.w.robux}): ${reason}`);
    return { id: this.w.id, outcome: 'refunded', detail: reason };
  }

  /**
   * The player is banned: the withdrawal waits, money still withdrawn, for an admin to pay anyway or
   * refund. If an earlier attempt may have bought the pass (a run resumed after a crash or an unclear
   * answer), the inventory is asked first: an owned pass was paid before the ban.
   */
  private async holdForBan(when: string, ownershipChecked: boolean): Promise<PayoutResult> {
    if (this.w.purchase_attempts > 0 && !ownershipChecked) {
      let owned: boolean;
      try {
        owned = await this.owns();
      } catch (err) {
        return this.retryLater(
          `The player is banned; Roblox did not say whether an earlier attempt bought the gamepass: ${describeFailure(err instanceof Error && err.cause ? err.cause : err)}`,
        );
      }
      if (owned)
        return this.paid('bought by an attempt before the ban (the payout account owns the gamepass)');
    }
    const reason = `The player is banned: the payout stopped ${when}, nothing was bought. Pay anyway, or refund to the player's balance.`;
    const row = await repo.transition(this.deps.db, {
      id: this.w.id,
      from: ['purchasing'],
      claimedBy: this.token,
      to: 'held',
      now: this.now(),
      lastError: reason,
    });
    if (!row) return this.lost();
    this.log.warn({ withdrawalId: this.w.id, when }, 'payout: held, the player is banned');
    await this.tell(
      `⛔ Withdrawal #${this.w.id} held (R$ ${this.w.robux}): **${plain(await usernameOf(this.deps, this.w.user_id))}** is banned. Decide in the admin console: pay anyway or refund.`,
    );
    return { id: this.w.id, outcome: 'held', detail: reason };
  }

  private async needsReview(reason: string): Promise<PayoutResult> {
    const row = await repo.transition(this.deps.db, {
      id: this.w.id,
      from: ['purchasing'],
      claimedBy: this.token,
      to: 'needs_review',
      now: this.now(),
      lastError: reason,
    });
    if (!row) return this.lost();
    this.log.error({ withdrawalId: this.w.id, reason }, 'payout: needs review');
    await this.tell(
      `⚠️ Withdrawal #${this.w.id} needs review: ${reason} Check the payout account's inventory for gamepass ${gamepassLink(this.gamePassId)}.`,
    );
    return { id: this.w.id, outcome: 'needs_review', detail: reason };
  }

  async retryLater(reason: string, opts: { uncountPurchase?: boolean } = {}): Promise<PayoutResult> {
    const delay = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, this.w.attempts - 1), RETRY_MAX_MS);
    const next = new Date(this.deps.clock.now().getTime() + delay).toISOString();
    const row = await repo.transition(this.deps.db, {
      id: this.w.id,
      from: ['purchasing'],
      claimedBy: this.token,
      to: 'pending',
      now: this.now(),
      lastError: reason,
      nextAttemptAt: next,
      uncountPurchase: opts.uncountPurchase,
    });
    if (!row) return this.lost();
    this.log.warn({ withdrawalId: this.w.id, reason, next }, 'payout: will retry');
    return { id: this.w.id, outcome: 'retry', detail: reason };
  }

  private async tell(content: string) {
    // Not awaited for long: the notifier never throws and times out by itself.
    void notifyDiscord(this.deps.env, content, this.log);
  }
}

export interface PayoutWorker {
  stop(): Promise<void>;
}

/**
 * Runs `runPayoutOnce` until there is nothing to do, then waits `intervalMs`. `stop()` waits for the
 * withdrawal in hand, so a shutdown never abandons a purchase half-recorded.
 */
export function startPayoutWorker(
  deps: Deps,
  opts: PayoutOptions & { intervalMs: number; unref?: boolean },
): PayoutWorker {
  const log = opts.log ?? silent;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  async function tick() {
    try {
      for (let i = 0; i < 100 && !stopped; i++) {
        if (!(await runPayoutOnce(deps, opts))) break;
      }
    } catch (err) {
      log.error({ err }, 'payout worker: tick failed');
    }
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = null;
        schedule(opts.intervalMs);
      });
    }, ms);
    if (opts.unref !== false) timer.unref();
  }

  schedule(Math.min(opts.intervalMs, 1_000));
  log.info({ intervalMs: opts.intervalMs }, 'payout worker started');
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
