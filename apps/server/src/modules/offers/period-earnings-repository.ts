import type { Db } from '../../db/database.ts';

/** A player's offer and survey earnings over a period, net of what was taken back. */
export interface PeriodEarning {
  userId: number;
  /** Hundredths of R$. */
  amount: number;
  /** When the newest credit still counted arrived: the moment the player reached `amount`. */
  reachedAt: string;
}

/** Each player's counted transactions created in [from, to): their sum and the newest one's time. */
function countedBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('offer_transactions as t')
    .select((eb) => [
      't.user_id',
      eb.fn.sum<number | string>('t.amount').as('amount'),
      eb.fn.max('t.created_at').as('reached_at'),
    ])
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<', to)
    .where('t.state', 'in', ['held', 'credited'])
    .where('t.amount', '>', 0)
    .groupBy('t.user_id');
}

const toEarning = (r: { user_id: number; amount: number | string; reached_at: string }): PeriodEarning => ({
  userId: Number(r.user_id),
  amount: Number(r.amount),
  reachedAt: r.reached_at,
});

/**
 * Every player's R$ from provider transactions created in [from, to), largest first, ties to
 * whoever reached their amount first, then to the lower id. A transaction counts while held or
 * credited; one that was reversed (chargeback, or its hold cancelled) counts nothing, so a reversal
 * moves the standings back until the race's results are fixed. Only providers' credits are here:
 * daily, promo, social, referral, giveaway and admin credits never are. One table and no join: with
 * 200,000 players this is the race board's whole cost (docs/races.md).
 */
export async function earningsBetween(db: Db, from: string, to: string): Promise<PeriodEarning[]> {
  const rows = await countedBetween(db, from, to)
    .orderBy('amount', 'desc')
    .orderBy('reached_at', 'asc')
    .orderBy('t.user_id', 'asc')
    .execute();
  return rows.map(toEarning);
}

/**
 * `earningsBetween` for the players with ids in [fromId, toId), in no particular order: a full count
 * read in parts (by the index on `user_id`), so that no single read holds every player.
 */
export async function earningsOfIdsBetween(
  db: Db,
  fromId: number,
  toId: number,
  from: string,
  to: string,
): Promise<PeriodEarning[]> {
  const rows = await countedBetween(db, from, to)
    .where('t.user_id', '>=', fromId)
    .where('t.user_id', '<', toId)
    .execute();
  return rows.map(toEarning);
}

/** The highest player id with a provider transaction (0 when none): where a count in parts ends. */
export async function lastEarnerId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('offer_transactions')
    .select((eb) => eb.fn.max('user_id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** A provider transaction written, or one reversed, after a reader's last look: whose standing moved. */
export interface EarningChange {
  /** The row's id in its own sequence (`offer_transactions` or `offer_reversals`). */
  id: number;
  userId: number;
}

/**
 * Provider transactions with an id after `afterId` or among `ids` (ids a reader skipped, which may
 * still commit on PostgreSQL), by id, created in [from, to): the players they belong to. By the
 * primary key; a reader that keeps its last id reads only what is new.
 */
export async function transactionsAfter(
  db: Db,
  afterId: number,
  ids: readonly number[],
  from: string,
  to: string,
  limit: number,
): Promise<EarningChange[]> {
  const rows = await db
    .selectFrom('offer_transactions')
    .select(['id', 'user_id', 'created_at'])
    .where((eb) =>
      ids.length === 0 ? eb('id', '>', afterId) : eb.or([eb('id', '>', afterId), eb('id', 'in', [...ids])]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  // The period is checked here rather than in SQL so the read stays on the primary key; rows outside
  // it still move the reader's last id.
  return rows.map((r) => ({
    id: Number(r.id),
    userId: r.created_at >= from && r.created_at < to ? Number(r.user_id) : 0,
  }));
}

/** Reversals (`offer_reversals`) with an id after `afterId` or among `ids`, by id. */
export async function reversalsAfter(
  db: Db,
  afterId: number,
  ids: readonly number[],
  limit: number,
): Promise<EarningChange[]> {
  const rows = await db
    .selectFrom('offer_reversals')
    .select(['id', 'user_id'])
    .where((eb) =>
      ids.length === 0 ? eb('id', '>', afterId) : eb.or([eb('id', '>', afterId), eb('id', 'in', [...ids])]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id) }));
}

/** The newest ids of both sequences: where a reader that has just counted everything starts. */
export async function lastEarningChangeIds(db: Db): Promise<{ transaction: number; reversal: number }> {
  const [t, r] = await Promise.all([
    db
      .selectFrom('offer_transactions')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst(),
    db
      .selectFrom('offer_reversals')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst(),
  ]);
  return { transaction: Number(t?.id ?? 0), reversal: Number(r?.id ?? 0) };
}

/**
 * `earningsBetween` for the given players only (those whose transactions changed): each one's amount
 * and the time they reached it, by the index on `user_id`. A player with nothing counting any more
 * is absent.
 */
export async function earningsOfBetween(
  db: Db,
  userIds: readonly number[],
  from: string,
  to: string,
): Promise<PeriodEarning[]> {
  if (userIds.length === 0) return [];
  const rows = await countedBetween(db, from, to)
    .where('t.user_id', 'in', [...userIds])
    .execute();
  return rows.map(toEarning);
}
