import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Deps } from '../../deps.ts';
import { describeFailure } from '../../roblox/http.ts';
import { Payout, type PayoutLog, type PayoutResult } from './payout.ts';
import * as payouts from './payout-repository.ts';
import { gamepassPaidBefore, payGamepass } from './pay-gamepass.ts';
import { groupPaidBefore, payGroup } from './pay-group.ts';
import { type PayoutAccountRow, readAccount } from './payout-account/repository.ts';
import { payoutCookie } from './payout-account/status.ts';

export {
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  type PayoutLog,
  type PayoutOutcome,
  type PayoutResult,
} from './payout.ts';

/**
 * Automatic payouts (PAYOUT_MODE=roblox): pending → purchasing → paid | refunded | needs_review | held,
 * by buying the player's gamepass (pay-gamepass.ts) or paying from the group's funds (pay-group.ts).
 *
 * When Roblox stops the payout account itself (a challenge, a refused cookie), every payout stops:
 * the account is marked `needs_attention` and no withdrawal is claimed until an admin replaces the
 * cookie and resumes; the withdrawal in hand goes back to pending, never refunded. When the account
 * (or the group) cannot cover the next payout, that withdrawal waits and is tried again in a minute.
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

const silent: PayoutLog = { info() {}, warn() {}, error() {} };

export interface PayoutOptions {
  /** Names this process in `claimed_by`. */
  workerId?: string;
  log?: PayoutLog;
  leaseMs?: number;
  maxPurchaseAttempts?: number;
}

const defaultWorkerId = `${hostname()}:${process.pid}`;

/** Claims and works one withdrawal, if it can be claimed now. */
export async function processWithdrawal(
  deps: Deps,
  id: number,
  opts: PayoutOptions = {},
): Promise<PayoutResult> {
  const account = await accountIfRunning(deps);
  if (!account) return { id, outcome: 'not_claimed' };
  return workWithdrawal(deps, id, account, opts);
}

/** The payout account's row (read once a run) when payouts may run now, else null. */
async function accountIfRunning(deps: Deps): Promise<PayoutAccountRow | null> {
  // Manual mode: the admin buys by hand, so nothing here may buy as well.
  if (deps.env.PAYOUT_MODE !== 'roblox') return null;
  const account = await readAccount(deps.db);
  // Stopped for the payout account (challenge, refused cookie): nothing is claimed until an admin resumes.
  return account.status === 'ok' ? account : null;
}

async function workWithdrawal(
  deps: Deps,
  id: number,
  account: PayoutAccountRow,
  opts: PayoutOptions,
): Promise<PayoutResult> {
  const cookie = await payoutCookie(deps, account);
  const log = opts.log ?? silent;
  const token = `${opts.workerId ?? defaultWorkerId}:${randomUUID()}`;
  const now = deps.clock.now();
  const leaseCutoff = new Date(now.getTime() - (opts.leaseMs ?? PAYOUT_LEASE_MS)).toISOString();
  const claimed = await payouts.claim(deps.db, id, token, now.toISOString(), leaseCutoff);
  if (!claimed) return { id, outcome: 'not_claimed' };
  if (claimed.purchase_attempts > 0 && claimed.attempts > 1) {
    log.info({ withdrawalId: id }, 'payout: resuming a withdrawal that was claimed before');
  }
  const payout = new Payout(
    deps,
    claimed,
    token,
    log,
    opts.maxPurchaseAttempts ?? MAX_PURCHASE_ATTEMPTS,
    cookie,
    account,
  );
  try {
    const group = claimed.method === 'group';
    // First ban check: at the claim, before anything is asked of Roblox.
    if (payout.bannedAtClaim()) {
      return await payout.holdForBan('when the payout started', () =>
        group ? groupPaidBefore(payout) : gamepassPaidBefore(payout),
      );
    }
    return await (group ? payGroup(payout) : payGamepass(payout));
  } catch (err) {
    // A database hiccup: release the claim so the withdrawal is tried again later.
    log.error({ err, withdrawalId: id }, 'payout: unexpected failure');
    try {
      return await payout.retryLater(`Unexpected failure: ${describeFailure(err)}`);
    } catch {
      return { id, outcome: 'retry', detail: 'the lease will run out and the withdrawal will be taken over' };
    }
  }
}

/** Works the next claimable withdrawal, if any; null when there is nothing to do now. */
export async function runPayoutOnce(deps: Deps, opts: PayoutOptions = {}): Promise<PayoutResult | null> {
  const account = await accountIfRunning(deps);
  if (!account) return null;
  const now = deps.clock.now();
  const leaseCutoff = new Date(now.getTime() - (opts.leaseMs ?? PAYOUT_LEASE_MS)).toISOString();
  const ids = await payouts.findClaimable(deps.db, now.toISOString(), leaseCutoff, 10);
  for (const id of ids) {
    const result = await workWithdrawal(deps, id, account, opts);
    if (result.outcome !== 'not_claimed') return result; // another worker took it: try the next
  }
  return null;
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
