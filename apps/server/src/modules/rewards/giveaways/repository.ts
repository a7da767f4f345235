import type { Db } from '../../../db/database.ts';
import { forShare } from '../../../db/engine-sql.ts';

const giveawayColumns = [
  'g.id',
  'g.title',
  'g.description',
  'g.prize',
  'g.end_at',
  'g.winner_user_id',
  'g.ended_at',
  'g.created_at',
  'g.draw_secret',
  'g.draw_commitment',
  'g.draw_entries',
  'g.draw_hash',
  'g.draw_winner_index',
] as const;

function withWinnerAndCount(db: Db) {
  return db
    .selectFrom('giveaways as g')
    .leftJoin('users as w', 'w.id', 'g.winner_user_id')
    .select(giveawayColumns)
    .select('w.username as winner')
    .select((eb) =>
      eb
        .selectFrom('giveaway_entries as e')
        .whereRef('e.giveaway_id', '=', 'g.id')
        .select((eb2) => eb2.fn.countAll<number>().as('n'))
        .as('entries'),
    );
}

export type GiveawayRow = NonNullable<Awaited<ReturnType<typeof findGiveaway>>>;

export async function findGiveaway(db: Db, id: number) {
  return withWinnerAndCount(db).where('g.id', '=', id).executeTakeFirst();
}

/** The latest giveaway still open (no pick yet), else the one that ended last. */
export async function findCurrentGiveawayId(db: Db): Promise<number | null> {
  const open = await db
    .selectFrom('giveaways')
    .select('id')
    .where('ended_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (open) return open.id;
  const ended = await db
    .selectFrom('giveaways')
    .select('id')
    .orderBy('ended_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return ended?.id ?? null;
}

export async function listGiveaways(db: Db) {
  return withWinnerAndCount(db).orderBy('g.id', 'desc').execute();
}

export async function hasEntered(db: Db, giveawayId: number, userId: number) {
  const row = await db
    .selectFrom('giveaway_entries')
    .select('user_id')
    .where('giveaway_id', '=', giveawayId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Reads the giveaway while it still takes entries. On PostgreSQL the row is share-locked, so a pick
 * (which updates the row) waits until this entry has committed and then sees it. SQLite runs one
 * write transaction at a time, which gives the same order.
 */
export async function lockOpenGiveaway(db: Db, id: number, now: string) {
  const q = db
    .selectFrom('giveaways')
    .select('id')
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('end_at', '>', now);
  return Boolean(await forShare(db, q).executeTakeFirst());
}

export async function insertEntryOnce(db: Db, giveawayId: number, userId: number, at: string) {
  const row = await db
    .insertInto('giveaway_entries')
    .values({ giveaway_id: giveawayId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['giveaway_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The statement that decides which pick wins the race: it ends the giveaway only if it was not
 * ended yet and its end time has passed. Every other concurrent pick matches no row.
 */
export async function markEnded(db: Db, id: number, now: string) {
  const result = await db
    .updateTable('giveaways')
    .set({ ended_at: now })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('end_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setWinner(db: Db, id: number, userId: number) {
  await db.updateTable('giveaways').set({ winner_user_id: userId }).where('id', '=', id).execute();
}

/** Stores the published draw (docs/draws.md) and its winner, if anyone could win. */
export async function setDraw(
  db: Db,
  id: number,
  draw: { winnerId: number | null; entries: string[]; hash: string; index: number | null },
) {
  await db
    .updateTable('giveaways')
    .set({
      winner_user_id: draw.winnerId,
      draw_entries: JSON.stringify(draw.entries),
      draw_hash: draw.hash,
      draw_winner_index: draw.index,
    })
    .where('id', '=', id)
    .execute();
}

/** Entrants who may still win (banned and deleted accounts are left out), by user id: the draw's order. */
export async function listEligibleEntrants(db: Db, giveawayId: number) {
  return db
    .selectFrom('giveaway_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.user_id', 'u.username'])
    .where('e.giveaway_id', '=', giveawayId)
    .where('u.status', '=', 'active')
    .where('u.deleted_at', 'is', null)
    .orderBy('e.user_id')
    .execute();
}

export async function listEntries(db: Db, giveawayId: number) {
  return db
    .selectFrom('giveaway_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['u.username', 'e.created_at'])
    .where('e.giveaway_id', '=', giveawayId)
    .orderBy('e.created_at')
    .orderBy('e.user_id')
    .execute();
}

/** Giveaways whose end time has passed but that nobody has picked yet. */
export async function listDueGiveawayIds(db: Db, now: string) {
  const rows = await db
    .selectFrom('giveaways')
    .select('id')
    .where('ended_at', 'is', null)
    .where('end_at', '<=', now)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertGiveaway(
  db: Db,
  g: {
    title: string;
    description: string;
    prize: number;
    endAt: string;
    createdAt: string;
    secret: string;
    commitment: string;
  },
) {
  const row = await db
    .insertInto('giveaways')
    .values({
      title: g.title,
      description: g.description,
      prize: g.prize,
      end_at: g.endAt,
      created_at: g.createdAt,
      draw_secret: g.secret,
      draw_commitment: g.commitment,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Brings the end time forward to `now` while the giveaway is still open. */
export async function endEarly(db: Db, id: number, now: string) {
  await db
    .updateTable('giveaways')
    .set({ end_at: now })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('end_at', '>', now)
    .execute();
}
