import type { Deps } from '../../deps.ts';
import { type PayoutAccountRow, readAccount } from './payout-account/repository.ts';
import { leaseMsOf, type PayoutOptions, type PayoutResult, payWithdrawal } from './payout-machine.ts';
import { payouts as payoutsCounted } from '../../shared/metrics.ts';
import * as payouts from './payout-repository.ts';

export {
  MAX_PURCHASE_ATTEMPTS,
  PAYOUT_LEASE_MS,
  RETRY_MAX_MS,
  type PayoutOptions,
  type PayoutResult,
} from './payout-machine.ts';

/**
 * Automatic payouts (PAYOUT_MODE=roblox): finds the withdrawals due and hands each to the state
 * machine (payout-machine.ts, where the rules a payout keeps are listed). The payout account's row is
 * read once a run: whether payouts run at all (not while Roblox has stopped the account), the cookie,
 * and the Robux last read.
 */

/** Claims and works one withdrawal, if it can be claimed now. */
export async function processWithdrawal(
  deps: Deps,
  id: number,
  opts: PayoutOptions = {},
): Promise<PayoutResult> {
  const account = await accountIfRunning(deps);
  if (!account) return { id, outcome: 'not_claimed' };
  return payAndCount(deps, id, account, opts);
}

/** Works the next claimable withdrawal, if any; null when there is nothing to do now. */
export async function runPayoutOnce(deps: Deps, opts: PayoutOptions = {}): Promise<PayoutResult | null> {
  const account = await accountIfRunning(deps);
  if (!account) return null;
  const now = deps.clock.now();
  const ids = await payouts.findClaimable(deps.db, now.toISOString(), leaseMsOf(opts), 10);
  for (const id of ids) {
    const result = await payAndCount(deps, id, account, opts);
    if (result.outcome !== 'not_claimed') return result; // another worker took it: try the next
  }
  return null;
}

/** `payWithdrawal`, counted by outcome for `/metrics` (a withdrawal another worker took is not). */
async function payAndCount(
  deps: Deps,
  id: number,
  account: PayoutAccountRow,
  opts: PayoutOptions,
): Promise<PayoutResult> {
  const result = await payWithdrawal(deps, id, account, opts);
  if (result.outcome !== 'not_claimed') payoutsCounted.inc({ outcome: result.outcome });
  return result;
}

/** The payout account's row when payouts may run now, else null. */
async function accountIfRunning(deps: Deps): Promise<PayoutAccountRow | null> {
  // Manual mode: the admin buys by hand, so nothing here may buy as well.
  if (deps.env.PAYOUT_MODE !== 'roblox') return null;
  const account = await readAccount(deps.db);
  // Stopped for the payout account (challenge, refused cookie): nothing is claimed until an admin resumes.
  return account.status === 'ok' ? account : null;
}

/** Withdrawals one round works at most; the rest wait for the next round. */
const ROUND_MAX = 100;

/**
 * One round of the payout worker: works the withdrawals due now, one after the other, until none is
 * left (or ROUND_MAX, or `signal` says the process is stopping: the withdrawal in hand is finished
 * first, so a shutdown never abandons a purchase half-recorded). Returns how many it worked.
 */
export async function payoutRound(
  deps: Deps,
  opts: PayoutOptions = {},
  signal?: AbortSignal,
): Promise<number> {
  let worked = 0;
  while (worked < ROUND_MAX && !signal?.aborted) {
    if (!(await runPayoutOnce(deps, opts))) break;
    worked++;
  }
  return worked;
}

export interface PayoutWorker {
  stop(): Promise<void>;
}

/**
 * Runs `payoutRound` every `intervalMs` (after each round ends) on its own, outside the web server
 * (`payout-cli.ts`; the server runs the rounds as one of its scheduled tasks, jobs.ts). `stop()` waits
 * for the withdrawal in hand.
 */
export function startPayoutWorker(
  deps: Deps,
  opts: PayoutOptions & { intervalMs: number; unref?: boolean },
): PayoutWorker {
  const log = opts.log ?? { info() {}, warn() {}, error() {} };
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  async function tick() {
    try {
      await payoutRound(deps, opts, stopping.signal);
    } catch (err) {
      log.error({ err }, 'payout worker: tick failed');
    }
  }

  function schedule(ms: number) {
    if (stopping.signal.aborted) return;
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
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
