import {
  createRaceRequest,
  fromCents,
  prizeOfRank,
  racePeriodEnd,
  toCents,
  updateRaceRequest,
  type AdminRace,
  type AdminRaceStandingsResponse,
  type CreateRaceRequest,
  type PrizeTier,
  type RaceRepeat,
  type UpdateRaceRequest,
} from '@rewards/contracts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import { parseInput } from '../../shared/parse-input.ts';
import { insertAudit } from '../audit/index.ts';
import { earningsBetween } from '../offers/index.ts';
import * as repo from './repository.ts';
import { toAdminRace } from './race-view.ts';

/** The console lists this many races, newest first. */
const LIST_LIMIT = 200;
/** The console's live standings: the top this many. */
const ADMIN_TOP = 100;

const NOT_FOUND = 'No race with that id.';

function storedPrizes(tiers: PrizeTier[]): string {
  return JSON.stringify(tiers.map((t) => ({ from: t.from, to: t.to, prize: toCents(t.prize) })));
}

/** A race's end: a one-off race's own, a repeating one's period boundary after its start. */
function endOf(repeat: RaceRepeat, start: Date, endAt: string | undefined, timeZone: string): string {
  if (repeat !== 'none') return racePeriodEnd(repeat, start, timeZone).toISOString();
  return new Date(endAt!).toISOString();
}

async function loadRace(deps: Deps, id: number): Promise<repo.RaceRow> {
  const row = await repo.findRace(deps.db, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

function adminView(deps: Deps, row: repo.RaceRow): AdminRace {
  return toAdminRace(row, deps.clock.now().toISOString(), deps.env.OFFER_HOLD_HOURS);
}

/** Admin: every race, newest first. */
export async function listRaces(deps: Deps): Promise<AdminRace[]> {
  return (await repo.listRaces(deps.db, LIST_LIMIT)).map((row) => adminView(deps, row));
}

/** Admin: creates a race that ends in the future, and writes the audit row. */
export async function createRace(deps: Deps, input: CreateRaceRequest, actor = 'admin'): Promise<AdminRace> {
  const { name, startAt, endAt, repeat, prizes } = parseInput(createRaceRequest, input);
  const now = deps.clock.now().toISOString();
  const start = new Date(startAt);
  const end = endOf(repeat, start, endAt, deps.env.SITE_TIME_ZONE);
  if (end <= start.toISOString()) throw badRequest('endAt: The end must be after the start.');
  if (end <= now) throw badRequest('endAt: The end must be in the future.');
  return deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertRace(trx, {
      name,
      starts_at: start.toISOString(),
      ends_at: end,
      repeat,
      prizes: storedPrizes(prizes),
      follows_id: null,
      created_at: now,
    });
    const created = adminView(deps, (await repo.findRace(trx, id))!);
    await insertAudit(trx, { actor, action: 'race.create', target: `race:${id}`, after: created }, now);
    return created;
  });
}

/**
 * What a change of a race's repeat does to the next race of its series, made when the race started
 * (startNextRaces), if that one has not started yet; one that started is its own race and is left as
 * it is. A race that stops repeating (`none`), or is ended early, stops its series at its own end: the
 * next race is removed, and no other is made from it. A race that repeats otherwise (daily to weekly)
 * ends at another boundary: the next race is moved to start there, with the new repeat and its period,
 * keeping its own name and prizes (it may have been edited) and a last race of the series stays the
 * last. Each change of the next race is audited on it, in the transaction of the change that caused it.
 */
async function followRepeatChange(
  deps: Deps,
  trx: Db,
  race: { id: number; repeat: RaceRepeat; ends_at: string },
  now: string,
  actor: string,
): Promise<void> {
  if (race.repeat === 'none') {
    const removed = await repo.deleteScheduledNext(trx, race.id, now);
    if (!removed) return;
    await insertAudit(
      trx,
      {
        actor,
        action: 'race.remove',
        target: `race:${removed.id}`,
        before: adminView(deps, removed),
        after: { stoppedBy: `race:${race.id}` },
      },
      now,
    );
    return;
  }
  const next = await repo.scheduledNext(trx, race.id, now);
  if (!next || (next.starts_at === race.ends_at && next.repeat === race.repeat)) return;
  const ok = await repo.updateScheduledNext(trx, race.id, now, {
    starts_at: race.ends_at,
    ends_at: racePeriodEnd(race.repeat, new Date(race.ends_at), deps.env.SITE_TIME_ZONE).toISOString(),
    repeat: next.repeat === 'none' ? 'none' : race.repeat,
  });
  if (!ok) return;
  const after = adminView(deps, (await repo.findRace(trx, next.id))!);
  await insertAudit(
    trx,
    { actor, action: 'race.update', target: `race:${next.id}`, before: adminView(deps, next), after },
    now,
  );
}

/**
 * Admin: changes a race that has not ended: its name, its prizes, whether it repeats, and a one-off
 * race's end (still in the future). A race that becomes repeating ends at its period's boundary; a
 * change of its repeat reaches the next race of its series if that has not started (followRepeatChange).
 */
export async function updateRace(
  deps: Deps,
  id: number,
  input: UpdateRaceRequest,
  actor = 'admin',
): Promise<AdminRace> {
  const change = parseInput(updateRaceRequest, input);
  const before = await loadRace(deps, id);
  const now = deps.clock.now().toISOString();
  if (before.ends_at <= now) throw conflict('This race has ended: its results can no longer change.');
  const repeat = change.repeat ?? before.repeat;
  if (change.endAt !== undefined && repeat !== 'none') {
    throw badRequest('endAt: A repeating race ends at the end of its day, week or month.');
  }
  const end = endOf(
    repeat,
    new Date(before.starts_at),
    change.endAt ?? before.ends_at,
    deps.env.SITE_TIME_ZONE,
  );
  if (end <= now || end <= before.starts_at) throw badRequest('endAt: The end must be in the future.');
  return inTransaction(deps.db, async (trx) => {
    const ok = await repo.updateOpenRace(trx, id, {
      name: change.name ?? before.name,
      ends_at: end,
      repeat,
      ...(change.prizes ? { prizes: storedPrizes(change.prizes) } : {}),
    });
    if (!ok) throw conflict('This race has ended: its results can no longer change.');
    if (repeat !== before.repeat) {
      await followRepeatChange(deps, trx, { id, repeat, ends_at: end }, now, actor);
    }
    const after = adminView(deps, (await repo.findRace(trx, id))!);
    await insertAudit(
      trx,
      { actor, action: 'race.update', target: `race:${id}`, before: adminView(deps, before), after },
      now,
    );
    return after;
  });
}

/**
 * Admin: ends a race now. Its prizes are decided after the offer hold as for any race, and a repeating
 * race starts no next one: ending early is also how a series stops, so the next race, made when this
 * one started, is removed if it has not started. A race that had not started ends empty.
 */
export async function endRaceNow(deps: Deps, id: number, actor = 'admin'): Promise<AdminRace> {
  const before = await loadRace(deps, id);
  const now = deps.clock.now().toISOString();
  if (before.ends_at <= now) throw conflict('This race has already ended.');
  const start = before.starts_at > now ? now : before.starts_at;
  return inTransaction(deps.db, async (trx) => {
    const ok = await repo.updateOpenRace(trx, id, { starts_at: start, ends_at: now, ended_early: 1 });
    if (!ok) throw conflict('This race has already ended.');
    await followRepeatChange(deps, trx, { id, repeat: 'none', ends_at: now }, now, actor);
    const after = adminView(deps, (await repo.findRace(trx, id))!);
    await insertAudit(
      trx,
      {
        actor,
        action: 'race.end',
        target: `race:${id}`,
        before: { endAt: before.ends_at, repeat: before.repeat },
        after: { endAt: after.endAt, endedEarly: true },
      },
      now,
    );
    return after;
  });
}

/**
 * Admin: a race's standings counted now (its top, banned players included, so the console sees who
 * the decision will pass over) and, once decided, the results with each exclusion's reason.
 */
export async function raceStandings(deps: Deps, id: number): Promise<AdminRaceStandingsResponse> {
  const row = await loadRace(deps, id);
  const race = adminView(deps, row);
  const [players, results] = await Promise.all([
    earningsBetween(deps.db, row.starts_at, row.ends_at),
    repo.listResults(deps.db, id),
  ]);
  const top = players.slice(0, ADMIN_TOP);
  const names = await repo.playersByIds(
    deps.db,
    top.map((p) => p.userId),
  );
  return {
    race,
    standings: top.map((p, i) => ({
      rank: i + 1,
      userId: p.userId,
      username: names.get(p.userId)?.username ?? '',
      amount: fromCents(p.amount),
      reachedAt: p.reachedAt,
      prize: prizeOfRank(race.prizes, i + 1),
    })),
    results: results.map((r) => ({
      place: Number(r.place),
      userId: Number(r.user_id),
      username: r.username,
      amount: fromCents(Number(r.amount)),
      reachedAt: r.reached_at,
      prizeRank: r.prize_rank === null ? null : Number(r.prize_rank),
      prize: fromCents(Number(r.prize)),
      excluded: r.excluded,
      linkedTo: r.linked_to,
      paid: r.ledger_entry_id !== null,
    })),
  };
}

/** A player's results in the races whose prizes were decided (the data export); never another player's name. */
export async function raceResultsOf(db: Db, userId: number) {
  const rows = await repo.resultsOfUser(db, userId);
  return rows.map((r) => ({
    race: r.name,
    startAt: r.starts_at,
    endAt: r.ends_at,
    place: Number(r.place),
    amount: fromCents(Number(r.amount)),
    prizeRank: r.prize_rank === null ? null : Number(r.prize_rank),
    prize: fromCents(Number(r.prize)),
    excluded: r.excluded,
    paid: r.ledger_entry_id !== null,
  }));
}
