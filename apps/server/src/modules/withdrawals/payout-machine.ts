import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/database.ts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';
import type { Deps } from '../../deps.ts';
import { describeFailure } from '../../roblox/http.ts';
import { notifyDiscord, plain } from '../../shared/discord.ts';
import { READ_EVERY_MS, readFunds, shortfall } from './payout-account/funds.ts';
import { type PayoutAccountRow, setFundsPause, spendFromReading } from './payout-account/repository.ts';
import { payoutCookie, type PayoutLog, stopPayouts } from './payout-account/status.ts';
import { gamepassMethod } from './pay-gamepass.ts';
import { groupMethod } from './pay-group.ts';
import type { Earlier, PayoutMethod } from './payout-method.ts';
import * as payouts from './payout-repository.ts';
import { refundInTransaction } from './refund.ts';
import * as repo from './repository.ts';

/**
 * One withdrawal's automatic payout, every change of its state written once, in the order they
 * happen:
 *
 *   pending ─claim─▶ purchasing ─▶ paid | refunded | needs_review | held
 *                        └───────▶ pending again: after a back-off, after a minute when the Robux
 *                                  are short, at once (attempt uncounted) when Roblox stopped the
 *                                  payout account
 *
 * The method (pay-gamepass.ts, pay-group.ts) only asks Roblox and says what it answered; what the
 * answer means is decided here. The rules this keeps:
 * - one worker at a time holds a withdrawal: the claim is one conditional UPDATE (several processes
 *   are safe), every later change is conditional on the state and the claim, and a claim whose
 *   lease ran out (a crashed worker's) may be taken over, the lease measured on the database's clock
 *   (never one process's own, which may be off);
 * - before every attempt Roblox is asked whether an earlier one paid (the payout account owns the
 *   gamepass, and a live withdrawal's gamepass is unique, so owned means bought for this one; the
 *   group's transactions show the payout): then it is paid and nothing is sent again (also how a
 *   run killed mid-purchase is recovered once its lease has run out);
 * - a definite refusal refunds through the ledger; an unclear answer is never retried at once: it is
 *   asked about again, then waits with back-off, and after a bounded number of attempts goes to
 *   needs_review for a person;
 * - a banned player's withdrawal is never paid (unless an admin chose "pay anyway"): the claim reads
 *   the player's status, and the statement that records the attempt checks it again just before
 *   paying; either way it goes to held (paid instead, if an earlier attempt turns out to have paid);
 * - Roblox stopping the payout account (a challenge, a refused cookie) stops every payout: the
 *   account needs attention, and the withdrawal goes back to pending, never refunded;
 * - a payout the account (or the group) cannot cover waits, never refunded.
 */

export const PAYOUT_LEASE_MS = 2 * 60_000;
export const MAX_PURCHASE_ATTEMPTS = 3;
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 10 * 60_000;

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

export interface PayoutOptions {
  /** Names this process in `claimed_by`. */
  workerId?: string;
  log?: PayoutLog;
  /** How long a claim holds, measured on the database's clock (PAYOUT_LEASE_MS). */
  leaseMs?: number;
  maxPurchaseAttempts?: number;
}

const silent: PayoutLog = { info() {}, warn() {}, error() {} };
const defaultWorkerId = `${hostname()}:${process.pid}`;

/** How long a claim holds, on the database's clock: one older than this has lost its lease. */
export function leaseMsOf(opts: PayoutOptions): number {
  return opts.leaseMs ?? PAYOUT_LEASE_MS;
}

/** This worker's hold on one withdrawal: what every change of its state needs. */
interface Run {
  deps: Deps;
  w: payouts.ClaimedWithdrawal;
  method: PayoutMethod;
  token: string;
  log: PayoutLog;
  maxAttempts: number;
  /** Whether this run counted a purchase attempt: only then may a definite "not paid" uncount one. */
  attempted: boolean;
}

/**
 * Claims withdrawal `id` and pays it, if it can be claimed now. `account`: the payout account's row,
 * read once by the caller, who runs this only while payouts run (automatic mode, account not stopped).
 */
export async function payWithdrawal(
  deps: Deps,
  id: number,
  account: PayoutAccountRow,
  opts: PayoutOptions,
): Promise<PayoutResult> {
  const log = opts.log ?? silent;
  const cookie = await payoutCookie(deps, account);
  const token = `${opts.workerId ?? defaultWorkerId}:${randomUUID()}`;
  const now = deps.clock.now();
  // pending → purchasing (or a purchasing one whose lease ran out).
  const w = await payouts.claim(deps.db, id, token, now.toISOString(), leaseMsOf(opts));
  if (!w) return { id, outcome: 'not_claimed' };
  if (w.purchase_attempts > 0 && w.attempts > 1) {
    log.info({ withdrawalId: id }, 'payout: resuming a withdrawal that was claimed before');
  }
  const method = w.method === 'group' ? groupMethod(deps, w, cookie) : gamepassMethod(deps, w, cookie);
  const run: Run = {
    deps,
    w,
    method,
    token,
    log,
    maxAttempts: opts.maxPurchaseAttempts ?? MAX_PURCHASE_ATTEMPTS,
    attempted: false,
  };
  try {
    return await pay(run, account);
  } catch (err) {
    // A database hiccup: release the claim so the withdrawal is tried again later.
    log.error({ err, withdrawalId: id }, 'payout: unexpected failure');
    try {
      return await retry(run, `Unexpected failure: ${describeFailure(err)}`);
    } catch {
      return { id, outcome: 'retry', detail: 'the lease will run out and the withdrawal will be taken over' };
    }
  }
}

/** purchasing → wherever Roblox's answers lead: each step either ends the run or leads to the next. */
async function pay(run: Run, account: PayoutAccountRow): Promise<PayoutResult> {
  const { w, deps, method } = run;
  const says = method.says;
  const exhausted = w.purchase_attempts >= run.maxAttempts;

  // Banned when claimed: Roblox is asked nothing but whether an earlier attempt paid.
  if (w.pay_despite_ban !== 1 && w.player_status === 'banned') {
    return hold(run, 'when the payout started', w.purchase_attempts > 0 ? await method.earlier() : NOT_PAID);
  }

  const check = await method.check();
  switch (check.kind) {
    case 'already-paid':
      return paid(run, check.detail, check.ref);
    case 'refused':
      return refund(run, check.reason);
    case 'account-stopped':
      return stop(run, check.reason);
    case 'try-later':
      return retry(run, check.reason);
    case 'unclear':
      return exhausted ? review(run, check.reason) : retry(run, check.reason);
    case 'cannot-tell':
      return review(run, check.reason);
    case 'ready':
      break;
  }

  if (exhausted) {
    return review(
      run,
      `${w.purchase_attempts} ${says.attempt} attempts without a clear answer, and ${says.noneFound}.`,
    );
  }

  const short = shortfall(deps, await readFunds(deps, run.log, account), w.method, method.cost, w.id);
  if (short) return waitForFunds(run, short);
  await setFundsPause(deps.db, null);

  // The attempt is counted before it is sent, in a statement that also checks the claim and the ban:
  // a ban committed by now stops it.
  if (!(await payouts.notePurchaseAttempt(deps.db, w.id, run.token, now(run)))) {
    const banned = w.pay_despite_ban !== 1 && (await repo.userStatus(deps.db, w.user_id)) === 'banned';
    return banned ? hold(run, `just before ${says.paying}`, NOT_PAID) : lost(run);
  }
  run.attempted = true;
  const attempt = w.purchase_attempts + 1;
  const sent = await check.pay();
  run.log.info({ withdrawalId: w.id, attempt, sent }, 'payout: Roblox answered');

  switch (sent.kind) {
    case 'paid':
      return paid(run, sent.detail, sent.ref);
    case 'account-stopped':
      return stop(run, sent.reason);
    case 'insufficient-funds':
      return waitForFunds(run, sent.reason, { uncountPurchase: true });
    case 'not-sent':
      run.log.error({ withdrawalId: w.id, reason: sent.reason }, 'payout: Roblox turned the attempt away');
      return retry(run, sent.reason, { uncountPurchase: true });
    case 'refused':
      return refund(run, sent.reason);
    case 'unclear': {
      const why = `${capitalized(says.attempt)} attempt ${attempt} had no clear answer (${sent.detail}).`;
      return attempt >= run.maxAttempts ? review(run, why) : retry(run, why);
    }
  }
}

const NOT_PAID: Earlier = { kind: 'not-paid' };

// The changes of state: each is conditional on `purchasing` and this worker's claim, and a run whose
// claim was taken over (its lease ran out) changes nothing.

function settle(
  run: Run,
  db: Db,
  to: WithdrawalState,
  lastError: string | null,
  more: Partial<repo.Transition> = {},
) {
  return repo.transition(db, {
    id: run.w.id,
    from: ['purchasing'],
    claimedBy: run.token,
    to,
    now: now(run),
    lastError,
    ...more,
  });
}

/** → paid. `ref`: the Roblox transaction a group payout was found as. */
async function paid(run: Run, detail: string, ref?: string): Promise<PayoutResult> {
  const { w, deps } = run;
  if (!(await settle(run, deps.db, 'paid', null, ref === undefined ? {} : { payoutRef: ref })))
    return lost(run);
  run.log.info({ withdrawalId: w.id, detail }, 'payout: paid');
  await spendFromReading(deps.db, w.method, w.price);
  tell(run, `✅ Withdrawal #${w.id} paid: R$ ${w.robux} to **${player(run)}** (${run.method.says.target}).`);
  return { id: w.id, outcome: 'paid', detail };
}

/** → refunded: the state and the ledger's credit commit together. */
async function refund(run: Run, reason: string): Promise<PayoutResult> {
  const { w, deps } = run;
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await settle(run, trx, 'refunded', reason);
    if (!row) return false;
    await refundInTransaction(trx, deps.clock, row, reason);
    return true;
  });
  if (!done) return lost(run);
  run.log.warn({ withdrawalId: w.id, reason }, 'payout: refunded');
  tell(run, `↩️ Withdrawal #${w.id} refunded (R$ ${w.robux}): ${reason}`);
  return { id: w.id, outcome: 'refunded', detail: reason };
}

/**
 * → held: the player is banned; the money stays withdrawn for an admin to pay anyway or refund. One
 * an earlier attempt paid (`earlier`, asked of Roblox after an attempt) is recorded as paid instead.
 */
async function hold(run: Run, when: string, earlier: Earlier): Promise<PayoutResult> {
  const { w, deps } = run;
  if (earlier.kind === 'already-paid') {
    return paid(run, `paid by an attempt before the ban (${earlier.detail})`, earlier.ref);
  }
  if (earlier.kind === 'cannot-tell') {
    return review(
      run,
      `The player is banned, and whether an earlier attempt paid cannot be told: ${earlier.detail}.`,
    );
  }
  if (earlier.kind === 'unclear') {
    return retry(
      run,
      `The player is banned; Roblox did not say whether an earlier attempt paid: ${earlier.detail}`,
    );
  }
  const reason = `The player is banned: the payout stopped ${when}, nothing was paid. Pay anyway, or refund to the player's balance.`;
  if (!(await settle(run, deps.db, 'held', reason))) return lost(run);
  run.log.warn({ withdrawalId: w.id, when }, 'payout: held, the player is banned');
  tell(
    run,
    `⛔ Withdrawal #${w.id} held (R$ ${w.robux}): **${player(run)}** is banned. Decide in the admin console: pay anyway or refund.`,
  );
  return { id: w.id, outcome: 'held', detail: reason };
}

/** → needs_review: the system cannot tell whether it was paid; a person checks Roblox and decides. */
async function review(run: Run, reason: string): Promise<PayoutResult> {
  const { w, deps } = run;
  if (!(await settle(run, deps.db, 'needs_review', reason))) return lost(run);
  run.log.error({ withdrawalId: w.id, reason }, 'payout: needs review');
  tell(run, `⚠️ Withdrawal #${w.id} needs review: ${reason} ${run.method.says.whereToLook}`);
  return { id: w.id, outcome: 'needs_review', detail: reason };
}

/**
 * → pending, tried again after a back-off that doubles with each claim (or `delayMs`).
 * `uncountPurchase`: the request was definitely not paid, so its attempt does not count. Only an
 * attempt this run counted is taken back: an earlier run's unclear attempt stays counted, or the
 * withdrawal would look never tried (paid again without asking Roblox first, or refundable by an admin).
 */
async function retry(
  run: Run,
  reason: string,
  opts: { uncountPurchase?: boolean; delayMs?: number } = {},
): Promise<PayoutResult> {
  const { w, deps } = run;
  const backOff = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, w.attempts - 1), RETRY_MAX_MS);
  const next = new Date(deps.clock.now().getTime() + (opts.delayMs ?? backOff)).toISOString();
  const row = await settle(run, deps.db, 'pending', reason, {
    nextAttemptAt: next,
    uncountPurchase: opts.uncountPurchase === true && run.attempted,
  });
  if (!row) return lost(run);
  run.log.warn({ withdrawalId: w.id, reason, next }, 'payout: will retry');
  return { id: w.id, outcome: 'retry', detail: reason };
}

/**
 * → pending at once (this run's attempt, if it made one, uncounted: Roblox refused it); the payout
 * account needs attention and every payout stops.
 */
async function stop(run: Run, reason: string): Promise<PayoutResult> {
  await stopPayouts(run.deps, reason, run.log);
  const result = await retry(run, `Payouts stopped: ${reason}`, { uncountPurchase: true, delayMs: 0 });
  return result.outcome === 'retry' ? { ...result, outcome: 'stopped' } : result;
}

/** → pending for a minute: too few Robux for this one (never refunded for it); the console says why. */
async function waitForFunds(
  run: Run,
  note: string,
  opts: { uncountPurchase?: boolean } = {},
): Promise<PayoutResult> {
  await setFundsPause(run.deps.db, note);
  const result = await retry(run, note, { ...opts, delayMs: READ_EVERY_MS });
  if (result.outcome !== 'retry') return result;
  run.log.warn({ withdrawalId: run.w.id, note }, 'payout: waiting for funds');
  return { ...result, outcome: 'waiting_for_funds' };
}

/** Another worker took the claim over (this one's lease ran out): its state is left alone. */
function lost(run: Run): PayoutResult {
  run.log.warn({ withdrawalId: run.w.id }, 'payout: the claim was taken over; leaving the withdrawal alone');
  return { id: run.w.id, outcome: 'lost' };
}

const now = (run: Run) => run.deps.clock.now().toISOString();
const player = (run: Run) => plain(run.w.player_name ?? `user ${run.w.user_id}`);
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function tell(run: Run, content: string) {
  // Not awaited: the notifier never throws and times out by itself.
  void notifyDiscord(run.deps.env, content, run.log);
}
