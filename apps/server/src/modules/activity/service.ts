import {
  fromCents,
  type LeaderboardResponse,
  type TransactionItem,
  type TransactionState,
  type TransactionsQuery,
  type TransactionsResponse,
} from '@rewards/contracts';
import type { WithdrawalState } from '../../db/tables/withdrawals.ts';
import type { Player } from '../auth/index.ts';
import { entryParamsOf } from '../ledger/index.ts';
import { levelsOf } from '../levels/index.ts';
import type { Deps } from '../../deps.ts';
import * as repo from './repository.ts';

export const LEADERBOARD_SIZE = 100;
/** How long one leaderboard answer is reused. */
export const LEADERBOARD_TTL_MS = 5_000;

export async function loadLeaderboard(deps: Deps): Promise<LeaderboardResponse> {
  const rows = await repo.topEarners(deps.db, LEADERBOARD_SIZE);
  const levels = await levelsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    username: r.username,
    robuxEarned: fromCents(Number(r.earnings)),
    level: levels.get(r.id) ?? 1,
  }));
}

/**
 * The leaderboard's JSON, computed at most once per `ttlMs` (read from the injected clock) and
 * shared by concurrent requests while it is being computed. A failed load is not cached.
 */
export function createLeaderboardCache(deps: Deps, ttlMs: number = LEADERBOARD_TTL_MS) {
  let cached: { json: string; at: number } | null = null;
  let inflight: Promise<string> | null = null;

  return {
    get(): Promise<string> {
      const now = deps.clock.now().getTime();
      if (cached && now - cached.at < ttlMs && now >= cached.at) return Promise.resolve(cached.json);
      if (inflight) return inflight;
      const started = now;
      inflight = loadLeaderboard(deps)
        .then((list) => {
          const json = JSON.stringify(list);
          cached = { json, at: started };
          return json;
        })
        .finally(() => {
          inflight = null;
        });
      return inflight;
    },
    clear(): void {
      cached = null;
    },
  };
}

/**
 * Players see a withdrawal in flight as pending, whatever the payout worker is doing with it, and one
 * that waits for an admin's decision (review, or held) as under review.
 */
export function playerState(state: WithdrawalState): TransactionState {
  if (state === 'paid' || state === 'refunded') return state;
  if (state === 'in_review' || state === 'held') return 'under_review';
  return 'pending';
}

/** The caller's own ledger, newest first, paged by entry id. */
export async function listTransactions(
  deps: Deps,
  player: Player,
  query: TransactionsQuery,
): Promise<TransactionsResponse> {
  const beforeId = query.cursor === undefined ? undefined : Number(query.cursor);
  const rows = await repo.entriesPage(deps.db, player.id, query.limit + 1, beforeId);
  const page = rows.slice(0, query.limit);
  const items = page.map((r): TransactionItem => {
    const amount = Number(r.amount);
    const item: TransactionItem = {
      id: r.id,
      type: amount < 0 ? 'withdraw' : 'earn',
      kind: r.kind,
      amount: fromCents(Math.abs(amount)),
      params: entryParamsOf(r.params),
      description: r.description,
      date: r.created_at,
    };
    if (r.kind === 'withdrawal' && r.state) item.state = playerState(r.state);
    return item;
  });
  const last = page.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
}
