import {
  currentRaceResponse,
  fromCents,
  MAX_PRIZE_RANKS,
  paidRanks,
  prizeOfRank,
  type CurrentRaceResponse,
  type PublicRace,
  type RaceStanding,
} from '@rewards/contracts';
import type { Deps } from '../../deps.ts';
import {
  earningsOfBetween,
  earningsOfIdsBetween,
  lastEarnerId,
  lastEarningChangeIds,
  reversalsAfter,
  transactionsAfter,
} from '../offers/index.ts';
import { IdCursor } from './id-cursor.ts';
import * as repo from './repository.ts';
import { toPublicRace } from './race-view.ts';
import { Standings } from './standings.ts';

/** How long the board is served as it is before a request brings it up to date (by its changes). */
export const RACE_BOARD_TTL_MS = 1000;
/** The top the page shows: every paid rank, and at least this many. */
const MIN_TOP = 10;
/** Changed rows one refresh reads at most per table; a larger burst is read over the next refreshes. */
const CHANGES_BATCH = 5000;
/**
 * Player ids a full count reads at a time. SQLite reads on the event loop: one read of 200,000 players
 * would hold every other request for over a second, and every row in memory at once; between two
 * parts of this many ids, other requests are answered.
 */
const COUNT_PART_IDS = 10_000;

/**
 * The race page's data: the race, its top, and every player's place, so that a request costs a
 * lookup whatever the number of players. Banned players are left out of the standings, as on the
 * all-time leaderboard. `version` moves whenever what a player could see changed.
 */
export interface RaceBoard {
  race: PublicRace | null;
  next: PublicRace | null;
  previous: CurrentRaceResponse['previous'];
  countedAt: string | null;
  top: RaceStanding[];
  standings: Standings;
  version: number;
}

/** What a board follows between refreshes: its race as read, and where it stands in the changes. */
interface Followed {
  board: RaceBoard;
  row: repo.RaceRow | null;
  previousId: number | null;
  transactions: IdCursor;
  reversals: IdCursor;
  /** Names of players who have been in the top (a name is read once). */
  names: Map<number, string>;
  banned: Set<number>;
}

const EMPTY = new Standings();

async function previousWinners(deps: Deps, race: repo.RaceRow): Promise<CurrentRaceResponse['previous']> {
  const results = await repo.listResults(deps.db, race.id);
  return {
    race: toPublicRace(race),
    winners: results
      .filter((r) => r.prize_rank !== null)
      .map((r) => ({ rank: Number(r.prize_rank), username: r.username, prize: fromCents(Number(r.prize)) })),
  };
}

/** Whether the running race is another one, or its period moved (an edit, an early end): a full count. */
function periodChanged(before: repo.RaceRow | null, now: repo.RaceRow | null): boolean {
  if (!before || !now) return before !== now;
  return before.id !== now.id || before.starts_at !== now.starts_at || before.ends_at !== now.ends_at;
}

/** The top with names and prizes, reading the names of players new to it. */
async function topOf(deps: Deps, f: Followed): Promise<RaceStanding[]> {
  const race = f.board.race;
  if (!race) return [];
  const topSize = Math.min(Math.max(paidRanks(race.prizes), MIN_TOP), MAX_PRIZE_RANKS);
  const top = f.board.standings.top(topSize);
  const missing = top.map((p) => p.userId).filter((id) => !f.names.has(id));
  if (missing.length > 0) {
    for (const [id, who] of await repo.playersByIds(deps.db, missing)) f.names.set(id, who.username);
  }
  return top.map((p, i) => ({
    rank: i + 1,
    username: f.names.get(p.userId) ?? '',
    amount: fromCents(p.amount),
    prize: prizeOfRank(race.prizes, i + 1),
  }));
}

/**
 * A full count: every player of the running race, read once (at start, and when the running race or
 * its period changes). The change cursors start from the newest ids read just before, so whatever
 * commits during the count is read again as a change (a recount of a player is idempotent).
 */
async function countAll(deps: Deps, version: number, partIds: number): Promise<Followed> {
  const now = deps.clock.now().toISOString();
  const ids = await lastEarningChangeIds(deps.db);
  const { row, next, last, banned } = await racesAndBans(deps, now);
  const standings = row ? await countInParts(deps, row, banned, partIds) : EMPTY;
  const f: Followed = {
    board: {
      race: row ? toPublicRace(row) : null,
      next: next ? toPublicRace(next) : null,
      previous: last ? await previousWinners(deps, last) : null,
      countedAt: row ? now : null,
      top: [],
      standings,
      version: version + 1,
    },
    row,
    previousId: last?.id ?? null,
    transactions: new IdCursor(ids.transaction),
    reversals: new IdCursor(ids.reversal),
    names: new Map(),
    banned,
  };
  f.board.top = await topOf(deps, f);
  return f;
}

/** Every player's count in the race, read `partIds` player ids at a time, then ranked once. */
async function countInParts(
  deps: Deps,
  row: repo.RaceRow,
  banned: ReadonlySet<number>,
  partIds: number,
): Promise<Standings> {
  const standings = new Standings(banned);
  const lastId = await lastEarnerId(deps.db);
  for (let fromId = 0; fromId <= lastId; fromId += partIds) {
    standings.add(await earningsOfIdsBetween(deps.db, fromId, fromId + partIds, row.starts_at, row.ends_at));
    await new Promise((next) => setImmediate(next));
  }
  standings.sort();
  return standings;
}

/** What a count and a refresh both read first: the running, next and last races, and the banned. */
async function racesAndBans(deps: Deps, now: string) {
  const [running, next, last, banned] = await Promise.all([
    repo.runningRaces(deps.db, now),
    repo.nextRace(deps.db, now),
    repo.lastFinalRace(deps.db),
    repo.bannedIds(deps.db),
  ]);
  return { row: running[0] ?? null, next, last, banned };
}

/**
 * Brings a board up to date by what changed since it last looked: the races (a few rows), the banned
 * players (a few, by index), the provider transactions and reversals after the ids it last saw, and
 * a recount of only the players those belong to. Returns null when the running race or its period
 * changed: then the board is counted afresh.
 */
async function refresh(deps: Deps, f: Followed): Promise<Followed | null> {
  const now = deps.clock.now().toISOString();
  const { row, next, last, banned } = await racesAndBans(deps, now);
  if (periodChanged(f.row, row)) return null;
  const board = f.board;
  let changed = false;
  const nextRace = next ? toPublicRace(next) : null;
  if (JSON.stringify(nextRace) !== JSON.stringify(board.next)) {
    board.next = nextRace;
    changed = true;
  }
  if ((last?.id ?? null) !== f.previousId) {
    board.previous = last ? await previousWinners(deps, last) : null;
    f.previousId = last?.id ?? null;
    changed = true;
  }
  if (
    row &&
    f.row &&
    (row.name !== f.row.name || row.prizes !== f.row.prizes || row.repeat !== f.row.repeat)
  ) {
    board.race = toPublicRace(row);
    changed = true;
  }
  f.row = row;
  if (row) {
    board.countedAt = now;
    if (board.standings.setBanned(banned)) changed = true;
    f.banned = banned;
    const wall = Date.now();
    const [added, reversed] = await Promise.all([
      transactionsAfter(
        deps.db,
        f.transactions.last,
        f.transactions.gaps(wall),
        row.starts_at,
        row.ends_at,
        CHANGES_BATCH,
      ),
      reversalsAfter(deps.db, f.reversals.last, f.reversals.gaps(wall), CHANGES_BATCH),
    ]);
    f.transactions.saw(
      added.map((c) => c.id),
      wall,
    );
    f.reversals.saw(
      reversed.map((c) => c.id),
      wall,
    );
    const users = new Set<number>();
    for (const c of added) if (c.userId !== 0) users.add(c.userId);
    for (const c of reversed) users.add(c.userId);
    if (users.size > 0) {
      const counted = await earningsOfBetween(deps.db, [...users], row.starts_at, row.ends_at);
      for (const p of counted) {
        users.delete(p.userId);
        if (board.standings.set(p.userId, p.amount, Date.parse(p.reachedAt))) changed = true;
      }
      // Those left have nothing counting any more (every transaction of theirs reversed).
      for (const id of users) if (board.standings.set(id, 0, 0)) changed = true;
    }
  }
  if (changed) {
    board.top = await topOf(deps, f);
    board.version += 1;
  }
  return f;
}

/**
 * The race board of this process, brought up to date by its changes at most once per `ttlMs` (read
 * from the injected clock) and shared by the requests that arrive meanwhile. A full count happens at
 * start and when the running race or its period changes; a failed refresh is not kept (the next
 * request counts afresh).
 */
export function createRaceBoard(deps: Deps, ttlMs = RACE_BOARD_TTL_MS, partIds = COUNT_PART_IDS) {
  let followed: Followed | null = null;
  let at = 0;
  let forced = false;
  let inflight: Promise<RaceBoard> | null = null;
  let version = 0;

  async function update(): Promise<RaceBoard> {
    const updated = followed ? await refresh(deps, followed) : null;
    followed = updated ?? (await countAll(deps, version, partIds));
    version = followed.board.version;
    return followed.board;
  }

  return {
    get(): Promise<RaceBoard> {
      const now = deps.clock.now().getTime();
      if (followed && !forced && now - at < ttlMs && now >= at) return Promise.resolve(followed.board);
      if (inflight) return inflight;
      forced = false;
      inflight = update()
        .then((board) => {
          at = now;
          return board;
        })
        .catch((err: unknown) => {
          followed = null;
          throw err;
        })
        .finally(() => {
          inflight = null;
        });
      return inflight;
    },
    /** Brings the board up to date now, whatever its age (the live streams' tick). */
    fresh(): Promise<RaceBoard> {
      forced = true;
      return this.get();
    },
    /** Looks again at the next request (after the admin changed a race). */
    clear(): void {
      forced = true;
    },
  };
}

export type RaceBoardCache = ReturnType<typeof createRaceBoard>;

/** The caller's own place: one lookup. */
function placeOf(board: RaceBoard, userId: number | null): CurrentRaceResponse['me'] {
  const rank = userId === null ? undefined : board.standings.rankOf(userId);
  if (rank === undefined || !board.race) return null;
  return {
    rank,
    amount: fromCents(board.standings.at(rank)!.amount),
    prize: prizeOfRank(board.race.prizes, rank),
  };
}

/** GET /api/races/current from the board: the caller's own place is one lookup. */
function currentRaceOf(board: RaceBoard, userId: number | null): CurrentRaceResponse {
  return {
    race: board.race,
    standings: board.top,
    me: placeOf(board, userId),
    countedAt: board.countedAt,
    next: board.next,
    previous: board.previous,
  };
}

/** The answer's part that is the same for every caller, checked and serialized once per board state. */
const sharedJson = new WeakMap<RaceBoard, { version: number; countedAt: string | null; json: string }>();

/**
 * `currentRaceOf` as JSON text: the part every caller shares is checked against the contract and
 * serialized once per board state, and only the caller's place is added per request: checking and
 * serializing the race, its top and last winners would otherwise be a quarter of a request's cost.
 */
export function currentRaceJson(board: RaceBoard, userId: number | null): string {
  let shared = sharedJson.get(board);
  if (shared?.version !== board.version || shared.countedAt !== board.countedAt) {
    const { me: _none, ...rest } = currentRaceResponse.parse(currentRaceOf(board, null));
    shared = { version: board.version, countedAt: board.countedAt, json: JSON.stringify(rest) };
    sharedJson.set(board, shared);
  }
  return `{"me":${JSON.stringify(placeOf(board, userId))},${shared.json.slice(1)}`;
}
