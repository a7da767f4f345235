import {
  fromCents,
  MAX_PRIZE_RANKS,
  paidRanks,
  prizeOfRank,
  type CurrentRaceResponse,
  type PublicRace,
  type RaceStanding,
} from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import { earningsBetween } from '../offers/index.ts';
import * as repo from './repository.ts';
import { toPublicRace } from './race-view.ts';

/** How long one count of the standings is reused: a count reads every player of the race once. */
export const RACE_BOARD_TTL_MS = 30_000;
/** The top the page shows: every paid rank, and at least this many. */
const MIN_TOP = 10;

/**
 * The race page's data as last counted: the race, its top, and every player's place, so that a
 * request costs a lookup whatever the number of players. Banned players are left out of the
 * standings, as on the all-time leaderboard.
 */
export interface RaceBoard {
  race: PublicRace | null;
  next: PublicRace | null;
  previous: CurrentRaceResponse['previous'];
  countedAt: string | null;
  top: RaceStanding[];
  /** Player id → rank (1-based). */
  rankOf: Map<number, number>;
  /** Hundredths of R$ by rank − 1. */
  amounts: Float64Array;
}

async function countBoard(deps: Deps): Promise<RaceBoard> {
  const now = deps.clock.now().toISOString();
  const [running, next, last] = await Promise.all([
    repo.runningRaces(deps.db, now),
    repo.nextRace(deps.db, now),
    repo.lastFinalRace(deps.db),
  ]);
  const row = running[0];
  const previous = last ? await previousWinners(deps, last) : null;
  const board: RaceBoard = {
    race: row ? toPublicRace(row) : null,
    next: next ? toPublicRace(next) : null,
    previous,
    countedAt: row ? now : null,
    top: [],
    rankOf: new Map(),
    amounts: new Float64Array(0),
  };
  if (!row || !board.race) return board;
  const tiers = board.race.prizes;
  const [earnings, banned] = await Promise.all([
    earningsBetween(deps.db, row.starts_at, row.ends_at),
    repo.bannedIds(deps.db),
  ]);
  const players = banned.size === 0 ? earnings : earnings.filter((p) => !banned.has(p.userId));
  const topSize = Math.min(Math.max(paidRanks(tiers), MIN_TOP), MAX_PRIZE_RANKS);
  board.amounts = new Float64Array(players.length);
  players.forEach((p, i) => {
    board.rankOf.set(p.userId, i + 1);
    board.amounts[i] = p.amount;
  });
  const top = players.slice(0, topSize);
  const names = await repo.playersByIds(
    deps.db,
    top.map((p) => p.userId),
  );
  board.top = top.map((p, i) => ({
    rank: i + 1,
    username: names.get(p.userId)?.username ?? '',
    amount: fromCents(p.amount),
    prize: prizeOfRank(tiers, i + 1),
  }));
  return board;
}

async function previousWinners(deps: Deps, race: repo.RaceRow): Promise<CurrentRaceResponse['previous']> {
  const results = await repo.listResults(deps.db, race.id);
  return {
    race: toPublicRace(race),
    winners: results
      .filter((r) => r.prize_rank !== null)
      .map((r) => ({ rank: Number(r.prize_rank), username: r.username, prize: fromCents(Number(r.prize)) })),
  };
}

/**
 * The race board, counted at most once per `ttlMs` (read from the injected clock) in this process and
 * shared by the requests that arrive while it is being counted. A failed count is not kept.
 */
export function createRaceBoard(deps: Deps, ttlMs: number = RACE_BOARD_TTL_MS) {
  let cached: { board: RaceBoard; at: number } | null = null;
  let inflight: Promise<RaceBoard> | null = null;
  return {
    get(): Promise<RaceBoard> {
      const now = deps.clock.now().getTime();
      if (cached && now - cached.at < ttlMs && now >= cached.at) return Promise.resolve(cached.board);
      if (inflight) return inflight;
      inflight = countBoard(deps)
        .then((board) => {
          cached = { board, at: now };
          return board;
        })
        .finally(() => {
          inflight = null;
        });
      return inflight;
    },
    /** Counts again at the next request (after the admin changed a race). */
    clear(): void {
      cached = null;
    },
  };
}

export type RaceBoardCache = ReturnType<typeof createRaceBoard>;

/** GET /api/races/current from the board: the caller's own place is one lookup. */
export function currentRaceOf(board: RaceBoard, userId: number | null): CurrentRaceResponse {
  let me: CurrentRaceResponse['me'] = null;
  const rank = userId === null ? undefined : board.rankOf.get(userId);
  if (rank !== undefined && board.race) {
    me = { rank, amount: fromCents(board.amounts[rank - 1]!), prize: prizeOfRank(board.race.prizes, rank) };
  }
  return {
    race: board.race,
    standings: board.top,
    me,
    countedAt: board.countedAt,
    next: board.next,
    previous: board.previous,
  };
}
