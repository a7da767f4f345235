import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { RaceRepeat } from '@rewards/contracts';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { forShare } from '../../db/engine-sql.ts';
import type { RaceResultsTable, RacesTable } from '../../db/tables/races.ts';

export type RaceRow = Awaited<ReturnType<typeof findRace>> & {};

const raceColumns = [
  'id',
  'name',
  'starts_at',
  'ends_at',
  'repeat',
  'prizes',
  'follows_id',
  'ended_early',
  'final_at',
  'paid_at',
  'created_at',
] as const;

export async function findRace(db: Db, id: number) {
  return db.selectFrom('races').select(raceColumns).where('id', '=', id).executeTakeFirst();
}

/** Every race, newest first (the console's list; a site runs a few a week). */
export async function listRaces(db: Db, limit: number) {
  return db
    .selectFrom('races')
    .select(raceColumns)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The races running at `now`, the one ending first first. */
export async function runningRaces(db: Db, now: string) {
  return db
    .selectFrom('races')
    .select(raceColumns)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('ends_at')
    .orderBy('id')
    .execute();
}

/** The next race to start after `now`, if any. */
export async function nextRace(db: Db, now: string) {
  return db
    .selectFrom('races')
    .select(raceColumns)
    .where('starts_at', '>', now)
    .orderBy('starts_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The race whose results were fixed last. */
export async function lastFinalRace(db: Db) {
  return db
    .selectFrom('races')
    .select(raceColumns)
    .where('final_at', 'is not', null)
    .orderBy('ends_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Repeating races that have started and have no next race yet. */
export async function repeatingWithoutNext(db: Db, now: string) {
  return db
    .selectFrom('races as r')
    .select(raceColumns.map((c) => `r.${c}` as const))
    .where('r.repeat', '<>', 'none')
    .where('r.ended_early', '=', 0)
    .where('r.starts_at', '<=', now)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('races as n').select('n.id').whereRef('n.follows_id', '=', 'r.id'))),
    )
    .execute();
}

/** Races whose end is at or before `endedBy` and whose results are not fixed yet. */
export async function racesToFix(db: Db, endedBy: string) {
  return db
    .selectFrom('races')
    .select(raceColumns)
    .where('final_at', 'is', null)
    .where('ends_at', '<=', endedBy)
    .execute();
}

/** Races whose results are fixed and whose prizes are not all paid. */
export async function racesToPay(db: Db) {
  return db
    .selectFrom('races')
    .select(raceColumns)
    .where('final_at', 'is not', null)
    .where('paid_at', 'is', null)
    .execute();
}

export async function insertRace(db: Db, race: Insertable<RacesTable>): Promise<number> {
  const row = await db.insertInto('races').values(race).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Whether the race still continues into a next race from `endsAt`: it still repeats as `repeat`, was
 * not ended early, and its end has not moved. On PostgreSQL the row stays share-locked until the
 * transaction ends, so an admin ending it or changing its repeat (an update of the row) either waits
 * for the next race to be inserted, and then removes or moves it, or comes first and is seen here.
 */
export async function stillContinues(db: Db, id: number, endsAt: string, repeat: RaceRepeat) {
  const q = db
    .selectFrom('races')
    .select('id')
    .where('id', '=', id)
    .where('repeat', '=', repeat)
    .where('ended_early', '=', 0)
    .where('ends_at', '=', endsAt);
  return Boolean(await forShare(db, q).executeTakeFirst());
}

/** The next race of a series, once: a second caller's insert finds `follows_id` taken and adds nothing. */
export async function insertNextRaceOnce(db: Db, race: Insertable<RacesTable>): Promise<void> {
  await db
    .insertInto('races')
    .values(race)
    .onConflict((oc) => oc.column('follows_id').doNothing())
    .execute();
}

/** Changes a race whose results are not fixed; false when they are (or it does not exist). */
export async function updateOpenRace(db: Db, id: number, set: Updateable<RacesTable>): Promise<boolean> {
  const res = await db
    .updateTable('races')
    .set(set)
    .where('id', '=', id)
    .where('final_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The race that follows `id`, if it has not started at `now`: a race that started is its own. */
const isScheduledNext = (id: number, now: string) => (eb: ExpressionBuilder<DB, 'races'>) =>
  eb.and([eb('follows_id', '=', id), eb('starts_at', '>', now), eb('final_at', 'is', null)]);

/** The race that follows `id` if it has not started at `now`. */
export async function scheduledNext(db: Db, id: number, now: string) {
  return db.selectFrom('races').select(raceColumns).where(isScheduledNext(id, now)).executeTakeFirst();
}

/** Removes the race that follows `id` if it has not started at `now`; the row removed, if any. */
export async function deleteScheduledNext(db: Db, id: number, now: string) {
  return db.deleteFrom('races').where(isScheduledNext(id, now)).returning(raceColumns).executeTakeFirst();
}

/** Changes the race that follows `id` if it has not started at `now`; false when there is none. */
export async function updateScheduledNext(
  db: Db,
  id: number,
  now: string,
  set: Updateable<RacesTable>,
): Promise<boolean> {
  const res = await db.updateTable('races').set(set).where(isScheduledNext(id, now)).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks the results fixed: true for the one caller that did it. */
export async function markFinal(db: Db, id: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('races')
    .set({ final_at: now })
    .where('id', '=', id)
    .where('final_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function markPaid(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('races')
    .set({ paid_at: now })
    .where('id', '=', id)
    .where('paid_at', 'is', null)
    .execute();
}

export async function insertResults(db: Db, rows: Insertable<RaceResultsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('race_results').values(rows).execute();
}

const resultColumns = [
  'race_id',
  'place',
  'user_id',
  'username',
  'amount',
  'reached_at',
  'prize_rank',
  'prize',
  'excluded',
  'linked_to',
  'ledger_entry_id',
] as const;

export async function listResults(db: Db, raceId: number) {
  return db
    .selectFrom('race_results')
    .select(resultColumns)
    .where('race_id', '=', raceId)
    .orderBy('place')
    .execute();
}

/** Prizes of a race not paid yet, best rank first. */
export async function unpaidPrizes(db: Db, raceId: number) {
  return db
    .selectFrom('race_results')
    .select(resultColumns)
    .where('race_id', '=', raceId)
    .where('prize', '>', 0)
    .where('ledger_entry_id', 'is', null)
    .orderBy('prize_rank')
    .execute();
}

/**
 * A winner whose account was deleted after the results were fixed: passed over, its prize (kept by
 * nobody) gone, as at the fixing (the rank is not passed on: the results are fixed).
 */
export async function passOverDeleted(db: Db, raceId: number, place: number): Promise<void> {
  await db
    .updateTable('race_results')
    .set({ prize: 0, excluded: 'deleted' })
    .where('race_id', '=', raceId)
    .where('place', '=', place)
    .where('ledger_entry_id', 'is', null)
    .execute();
}

export async function setPaid(db: Db, raceId: number, place: number, entryId: number): Promise<void> {
  await db
    .updateTable('race_results')
    .set({ ledger_entry_id: entryId })
    .where('race_id', '=', raceId)
    .where('place', '=', place)
    .execute();
}

/** A player's results in every race, newest first (the data export). */
export async function resultsOfUser(db: Db, userId: number) {
  return db
    .selectFrom('race_results as x')
    .innerJoin('races as r', 'r.id', 'x.race_id')
    .select([
      'r.name',
      'r.starts_at',
      'r.ends_at',
      'x.place',
      'x.amount',
      'x.prize_rank',
      'x.prize',
      'x.excluded',
      'x.ledger_entry_id',
    ])
    .where('x.user_id', '=', userId)
    .orderBy('r.ends_at', 'desc')
    .execute();
}

/**
 * Names, and whether banned or deleted, of the given players (the standings' top, the players a
 * decision walks).
 */
export async function playersByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { username: string; banned: boolean; deleted: boolean }>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'status', 'deleted_at'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { username: r.username, banned: r.status === 'banned', deleted: r.deleted_at !== null },
    ]),
  );
}

/** Every banned player's id (a few among many): left out of the public standings. */
export async function bannedIds(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('users').select('id').where('status', '=', 'banned').execute();
  return new Set(rows.map((r) => Number(r.id)));
}
