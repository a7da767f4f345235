import { gamepassLink, groupLink } from '@rewards/contracts';
import type { Db } from '../../db/database.ts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';
import type { Deps } from '../../deps.ts';
import { describeFailure } from '../../roblox/http.ts';
import { notifyDiscord, plain } from '../../shared/discord.ts';
import * as repo from './repository.ts';
import * as payouts from './payout-repository.ts';
import type { ClaimedWithdrawal } from './payout-repository.ts';
import type { Transition } from './repository.ts';
import { refundInTransaction } from './refund.ts';
import { READ_EVERY_MS, readFunds, shortfall } from './payout-account/funds.ts';
import { type PayoutAccountRow, setFundsPause, spendFromReading } from './payout-account/repository.ts';
import { stopPayouts } from './payout-account/status.ts';

// One claimed withdrawal's payout: the ways it can end, shared by both methods (pay-gamepass.ts,
// pay-group.ts); the rules they keep are listed in payout-worker.ts.

export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 10 * 60_000;

export interface PayoutLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type PayoutOutcome =
  | 'paid'
  | 'refunded'
  | 'needs_review'
  | 'held'
  | 'retry'
  | 'stopped'
  | 'waiting_for_funds'
  | 'lost'
  | 'not_claimed';

export interface PayoutResult {
  id: number;
  outcome: PayoutOutcome;
  detail?: string;
}

/** Did an earlier attempt pay this withdrawal? `ref`: the Roblox transaction it was found as. */
export type EarlierPayment = { paid: true; detail: string; ref?: string } | { paid: false };

export class Payout {
  constructor(
    readonly deps: Deps,
    readonly w: ClaimedWithdrawal,
    private readonly token: string,
    readonly log: PayoutLog,
    readonly maxPurchaseAttempts: number,
    /** The payout account's cookie for this run (stored from the console, or the environment's). */
    readonly cookie: string | undefined,
    /** The payout account's row, read once for this run. */
    private readonly account: PayoutAccountRow,
  ) {}

  now() {
    return this.deps.clock.now().toISOString();
  }

  /** Where the Robux go, for messages: the gamepass, or the group payout's recipient. */
  describeTarget(): string {
    return this.w.method === 'group'
      ? `group payout from ${groupLink(this.deps.env.ROBLOX_PAYOUT_GROUP_ID ?? 0)} to Roblox user ${this.w.seller_id}`
      : `gamepass ${gamepassLink(Number(this.w.gamepass_id))}, price ${this.w.price}`;
  }

  /** The player was banned when the claim was made (unless an admin chose to pay anyway). */
  bannedAtClaim(): boolean {
    return this.w.pay_despite_ban !== 1 && this.w.player_status === 'banned';
  }

  private async bannedNow(): Promise<boolean> {
    if (this.w.pay_despite_ban === 1) return false;
    return (await repo.userStatus(this.deps.db, this.w.user_id)) === 'banned';
  }

  private player(): string {
    return plain(this.w.player_name ?? `user ${this.w.user_id}`);
  }

  /** Records the attempt just before the request is sent; false when a ban or a takeover stops it. */
  async noteAttempt(when: string): Promise<PayoutResult | null> {
    if (await payouts.notePurchaseAttempt(this.deps.db, this.w.id, this.token, this.now())) return null;
    if (await this.bannedNow()) return this.holdForBan(when, async () => ({ paid: false }));
    return this.lost();
  }

  /** Null when the payout account (or the group) can cover `cost`, else the pause. */
  async waitIfShort(cost: number): Promise<PayoutResult | null> {
    const funds = await readFunds(this.deps, this.log, this.account);
    const short = shortfall(this.deps, funds, this.w.method, cost, this.w.id);
    if (short) return this.waitForFunds(short);
    await setFundsPause(this.deps.db, null);
    return null;
  }

  /** Roblox stopped the payout account: nothing was spent, the withdrawal waits, every payout stops. */
  async stopped(reason: string): Promise<PayoutResult> {
    await stopPayouts(this.deps, reason, this.log);
    const result = await this.retryLater(`Payouts stopped: ${reason}`, { uncountPurchase: true, delayMs: 0 });
    return result.outcome === 'retry' ? { ...result, outcome: 'stopped' } : result;
  }

  /** Not enough Robux for this one: it waits (never refunded for it), checked again in a minute. */
  async waitForFunds(note: string, opts: { uncountPurchase?: boolean } = {}): Promise<PayoutResult> {
    await setFundsPause(this.deps.db, note);
    const result = await this.retryLater(note, { ...opts, delayMs: READ_EVERY_MS });
    if (result.outcome !== 'retry') return result;
    this.log.warn({ withdrawalId: this.w.id, note }, 'payout: waiting for funds');
    return { ...result, outcome: 'waiting_for_funds' };
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

  lost(): PayoutResult {
    this.log.warn(
      { withdrawalId: this.w.id },
      'payout: the claim was taken over; leaving the withdrawal alone',
    );
    return { id: this.w.id, outcome: 'lost' };
  }

  async paid(detail: string, ref?: string): Promise<PayoutResult> {
    const row = await this.settle(this.deps.db, 'paid', null, ref === undefined ? {} : { payoutRef: ref });
    if (!row) return this.lost();
    this.log.info({ withdrawalId: this.w.id, detail }, 'payout: paid');
    await spendFromReading(this.deps.db, this.w.method, this.w.price);
    await this.tell(
      `✅ Withdrawal #${this.w.id} paid: R$ ${this.w.robux} to **${this.player()}** (${this.describeTarget()}).`,
    );
    return { id: this.w.id, outcome: 'paid', detail };
  }

  async refund(reason: string): Promise<PayoutResult> {
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
   * refund. If an earlier attempt may have paid it (a run resumed after a crash or an unclear answer),
   * Roblox is asked first (`paidBefore`): one paid before the ban is recorded as paid.
   */
  async holdForBan(when: string, paidBefore: () => Promise<EarlierPayment>): Promise<PayoutResult> {
    if (this.w.purchase_attempts > 0) {
      let earlier: EarlierPayment;
      try {
        earlier = await paidBefore();
      } catch (err) {
        return this.retryLater(
          `The player is banned; Roblox did not say whether an earlier attempt paid: ${describeFailure(err instanceof Error && err.cause ? err.cause : err)}`,
        );
      }
      if (earlier.paid)
        return this.paid(`paid by an attempt before the ban (${earlier.detail})`, earlier.ref);
    }
    const reason = `The player is banned: the payout stopped ${when}, nothing was paid. Pay anyway, or refund to the player's balance.`;
    const row = await this.settle(this.deps.db, 'held', reason);
    if (!row) return this.lost();
    this.log.warn({ withdrawalId: this.w.id, when }, 'payout: held, the player is banned');
    await this.tell(
      `⛔ Withdrawal #${this.w.id} held (R$ ${this.w.robux}): **${this.player()}** is banned. Decide in the admin console: pay anyway or refund.`,
    );
    return { id: this.w.id, outcome: 'held', detail: reason };
  }

  async needsReview(reason: string, check: string): Promise<PayoutResult> {
    const row = await this.settle(this.deps.db, 'needs_review', reason);
    if (!row) return this.lost();
    this.log.error({ withdrawalId: this.w.id, reason }, 'payout: needs review');
    await this.tell(`⚠️ Withdrawal #${this.w.id} needs review: ${reason} ${check}`);
    return { id: this.w.id, outcome: 'needs_review', detail: reason };
  }

  async retryLater(
    reason: string,
    opts: { uncountPurchase?: boolean; delayMs?: number } = {},
  ): Promise<PayoutResult> {
    const backOff = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, this.w.attempts - 1), RETRY_MAX_MS);
    const next = new Date(this.deps.clock.now().getTime() + (opts.delayMs ?? backOff)).toISOString();
    const row = await this.settle(this.deps.db, 'pending', reason, {
      nextAttemptAt: next,
      uncountPurchase: opts.uncountPurchase,
    });
    if (!row) return this.lost();
    this.log.warn({ withdrawalId: this.w.id, reason, next }, 'payout: will retry');
    return { id: this.w.id, outcome: 'retry', detail: reason };
  }

  /** Roblox did not answer a read before anything was spent: try again later. */
  unanswered(what: string, err: unknown): Promise<PayoutResult> {
    return this.retryLater(
      `${what}: ${describeFailure(err instanceof Error && err.cause ? err.cause : err)}`,
    );
  }

  private async tell(content: string) {
    // Not awaited for long: the notifier never throws and times out by itself.
    void notifyDiscord(this.deps.env, content, this.log);
  }
}
