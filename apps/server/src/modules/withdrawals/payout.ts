import { gamepassLink } from '@rewards/contracts';
import type { Db } from '../../db/database.ts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';
import type { Deps } from '../../deps.ts';
import type { GamePassInfo } from '../../roblox/gateway.ts';
import { describeFailure } from '../../roblox/http.ts';
import { notifyDiscord, plain } from '../../shared/discord.ts';
import * as repo from './repository.ts';
import * as payouts from './payout-repository.ts';
import type { Transition } from './repository.ts';
import { refundInTransaction } from './refund.ts';
import { usernameOf, type WithdrawalRow } from './service.ts';

// One claimed withdrawal's purchase, from the checks before buying to the state it ends in; the
// rules it keeps are listed in payout-worker.ts.

export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 10 * 60_000;

/** Refusals that mean "nothing was bought, and it is not the gamepass's fault": try again later. */
const NOT_ATTEMPTED = new Set(['RateLimited', 'Unauthorized', 'NotConfigured', 'HTTP_403']);

export interface PayoutLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type PayoutOutcome = 'paid' | 'refunded' | 'needs_review' | 'held' | 'retry' | 'lost' | 'not_claimed';

export interface PayoutResult {
  id: number;
  outcome: PayoutOutcome;
  detail?: string;
}

export class Payout {
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
    if (!(await payouts.notePurchaseAttempt(this.deps.db, this.w.id, this.token, this.now()))) {
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

  /** Moves the withdrawal this worker holds out of `purchasing`; null when the claim was taken over. */
  private settle(db: Db, to: WithdrawalState, lastError: string | null, more: Partial<Transition> = {}) {
    return repo.transition(db, {
      id: this.w.id,
      from: ['purchasing'],
      claimedBy: this.token,
      to,
      now: this.now(),
      lastError,
      ...more,
    });
  }

  private lost(): PayoutResult {
    this.log.warn(
      { withdrawalId: this.w.id },
      'payout: the claim was taken over; leaving the withdrawal alone',
    );
    return { id: this.w.id, outcome: 'lost' };
  }

  private async paid(detail: string): Promise<PayoutResult> {
    const row = await this.settle(this.deps.db, 'paid', null);
    if (!row) return this.lost();
    this.log.info({ withdrawalId: this.w.id, detail }, 'payout: paid');
    await this.tell(
      `✅ Withdrawal #${this.w.id} paid: R$ ${this.w.robux} to **${plain(await usernameOf(this.deps, this.w.user_id))}** (gamepass ${gamepassLink(this.gamePassId)}, price ${this.w.price}).`,
    );
    return { id: this.w.id, outcome: 'paid', detail };
  }

  private async refund(reason: string): Promise<PayoutResult> {
    const done = await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.settle(trx, 'refunded', reason);
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
    const row = await this.settle(this.deps.db, 'held', reason);
    if (!row) return this.lost();
    this.log.warn({ withdrawalId: this.w.id, when }, 'payout: held, the player is banned');
    await this.tell(
      `⛔ Withdrawal #${this.w.id} held (R$ ${this.w.robux}): **${plain(await usernameOf(this.deps, this.w.user_id))}** is banned. Decide in the admin console: pay anyway or refund.`,
    );
    return { id: this.w.id, outcome: 'held', detail: reason };
  }

  private async needsReview(reason: string): Promise<PayoutResult> {
    const row = await this.settle(this.deps.db, 'needs_review', reason);
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
    const row = await this.settle(this.deps.db, 'pending', reason, {
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
