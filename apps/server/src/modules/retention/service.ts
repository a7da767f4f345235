import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { prunePostbackLog } from '../offers/index.ts';
import * as repo from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 5_000;

/**
 * How long personal data that no account needs any more is kept (the privacy policy says the same).
 * A session's grace lets a player's list and the admin's investigations see a recent sign-out; the
 * one-use sign-in secrets and wrong-password rows matter for minutes, a day is ample.
 */
export const SESSION_GRACE_DAYS = 7;
export const SPENT_SIGN_IN_DAYS = 1;

/** How many rows each retention rule removed in one run. */
export interface RetentionReport {
  sessions: number;
  adminSessions: number;
  loginProofs: number;
  oauthFlows: number;
  staffLoginFailures: number;
  adminLoginFailures: number;
  signInSignals: number;
  consoleBrowsers: number;
  postbacks: number;
}

type BatchDelete = (db: Db, before: string, limit: number) => Promise<number>;

async function inBatches(deps: Deps, remove: BatchDelete, before: string): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await remove(deps.db, before, BATCH);
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Removes everything past retention, in batches. Nothing that records money is touched: ledger
 * entries, withdrawals and the postbacks that credited, reversed or wait on a hold stay whatever
 * their age. Safe to run from every process at once.
 */
export async function runRetention(deps: Deps): Promise<RetentionReport> {
  const now = deps.clock.now().getTime();
  const daysAgo = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const sessionsBefore = daysAgo(SESSION_GRACE_DAYS);
  const spentBefore = daysAgo(SPENT_SIGN_IN_DAYS);
  return {
    sessions: await inBatches(deps, repo.deleteEndedSessions, sessionsBefore),
    adminSessions: await inBatches(deps, repo.deleteEndedAdminSessions, sessionsBefore),
    loginProofs: await inBatches(deps, repo.deleteSpentLoginProofs, spentBefore),
    oauthFlows: await inBatches(deps, repo.deleteSpentOauthFlows, spentBefore),
    staffLoginFailures: await inBatches(deps, repo.deleteStaffLoginFailures, spentBefore),
    adminLoginFailures: await inBatches(deps, repo.deleteAdminLoginFailures, spentBefore),
    signInSignals: await inBatches(deps, repo.deleteStaleSignals, daysAgo(deps.env.SIGN_IN_SIGNAL_DAYS)),
    // Like the sign-in signals: a browser the console has not seen for as long is a new browser again.
    consoleBrowsers: await inBatches(
      deps,
      repo.deleteStaleConsoleBrowsers,
      daysAgo(deps.env.SIGN_IN_SIGNAL_DAYS),
    ),
    postbacks: await prunePostbackLog(deps),
  };
}
