import { openWithdrawalStates } from '@rewards/contracts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { PostingRecord } from '../ledger/index.ts';
import type { Db } from '../../db/database.ts';
import { connectionShard } from '../../db/engine-sql.ts';
import { prepared } from '../../db/prepared.ts';
import { quarterHourOf } from '../../db/time-buckets.ts';
import type { EconomicsFigures } from '../../db/tables/economics.ts';

/** The figures of one rollup row, as numbers. */
export type Figures = { [K in keyof EconomicsFigures]: number };

export const FIGURE_NAMES = [
  'events',
  'cents',
  'usd_micros',
  'reversals',
  'reversed_cents',
  'reversed_usd_micros',
  'reversal_seconds',
] as const satisfies readonly (keyof EconomicsFigures)[];

export interface RollupRow extends Figures {
  source: 'credit' | 'debit' | 'wall' | 'payout';
  name: string;
}

/** The figures' columns as a driver answers them (PostgreSQL's sums and bigints as text). */
type FigureColumns = Record<(typeof FIGURE_NAMES)[number], number | string>;

const toFigures = (r: FigureColumns): Figures =>
  Object.fromEntries(FIGURE_NAMES.map((f) => [f, Number(r[f])])) as Figures;

/** Where a rollup row's figures come from (db/tables/economics.ts). */
export type FigureSource = RollupRow['source'];

/** A quarter hour's row as read, with its quarter and figures as numbers. */
const toQuarterRow = (
  r: { hour: string; quarter: number; source: FigureSource; name: string } & FigureColumns,
) => ({ hour: r.hour, quarter: Number(r.quarter), source: r.source, name: r.name, ...toFigures(r) });

/**
 * The upsert of figures `f` (in `FIGURE_NAMES` order) to the quarter hour of `at` (an ISO time), when
 * `when` holds, in the shard of this connection: the row stays locked until the writer's transaction
 * ends, and on one row every postback of a wall would wait for the one before it to commit.
 */
function addFiguresRow(
  db: Db,
  source: FigureSource,
  name: string,
  at: string,
  f: readonly unknown[],
  when: RawBuilder<SqlBool> = sql<SqlBool>`1 = 1`,
) {
  const { hour, quarter } = quarterHourOf(sql.val(at));
  return db
    .insertInto('economics_quarters')
    .columns(['hour', 'quarter', 'source', 'name', 'shard', ...FIGURE_NAMES])
    .expression(
      db
        .selectNoFrom([
          hour.as('hour'),
          quarter.as('quarter'),
          sql.val(source).as('source'),
          sql.val(name).as('name'),
          connectionShard(db).as('shard'),
          ...FIGURE_NAMES.map((n, i) => sql.val(f[i]).as(n)),
        ])
        .where(when),
    )
    .onConflict((oc) =>
      oc
        .columns(['hour', 'quarter', 'source', 'name', 'shard'])
        .doUpdateSet((eb) =>
          Object.fromEntries(
            FIGURE_NAMES.map((n) => [
              n,
              eb(sql.ref(`economics_quarters.${n}`), '+', eb.ref(`excluded.${n}`)),
            ]),
          ),
        ),
    );
}

const addFiguresQuery = prepared((db: Db, source: FigureSource, name: string, at: string, ...f: number[]) =>
  addFiguresRow(db, source, name, at, f),
);

export async function addFigures(
  db: Db,
  source: FigureSource,
  name: string,
  at: string,
  figures: Partial<Figures>,
): Promise<void> {
  await addFiguresQuery(db, source, name, at, ...FIGURE_NAMES.map((f) => figures[f] ?? 0));
}

/**
 * A completion of a wall at `at` (its R$ and USD), as a record of the credit's posting (ledger
 * `creditWhen`): counted only when the credit applied.
 */
export const wallCompletionRecord: PostingRecord<
  [wallSlug: string, at: string, cents: number, usdMicros: number]
> = (db, _entryId, applied, wallSlug, at, cents, usdMicros) =>
  addFiguresRow(db, 'wall', wallSlug, at, [1, cents, usdMicros, 0, 0, 0, 0], applied);

/**
 * `wallCompletionRecord` on its own, for a completion recorded apart from its posting (a held credit,
 * one an admin approves). Built once (db/prepared.ts).
 */
const addCompletionQuery = prepared(
  (db: Db, wallSlug: string, at: string, cents: number, usdMicros: number) =>
    wallCompletionRecord(db, sql<null>`null`, sql<SqlBool>`1 = 1`, wallSlug, at, cents, usdMicros),
);

export async function addCompletion(
  db: Db,
  wallSlug: string,
  at: string,
  cents: number,
  usdMicros: number,
): Promise<void> {
  await addCompletionQuery(db, wallSlug, at, cents, usdMicros);
}

/** Whether any quarter hour before `hour` (`yyyy-mm-ddThh`) is still to be moved to its day. */
export async function hasQuartersBefore(db: Db, hour: string): Promise<boolean> {
  const row = await db
    .selectFrom('economics_quarters')
    .select('hour')
    .where('hour', '<', hour)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the quarter hours before `hour` and returns them, shards apart. */
export async function takeQuartersBefore(db: Db, hour: string) {
  const rows = await db
    .deleteFrom('economics_quarters')
    .where('hour', '<', hour)
    .returning(['hour', 'quarter', 'source', 'name', ...FIGURE_NAMES])
    .execute();
  return rows.map(toQuarterRow);
}

/** Adds figures to a site day's row. */
export async function addToDay(db: Db, day: string, row: RollupRow) {
  const { source, name, ...figures } = row;
  await db
    .insertInto('economics_days')
    .values({ day, source, name, ...figures })
    .onConflict((oc) =>
      oc
        .columns(['day', 'source', 'name'])
        .doUpdateSet((eb) =>
          Object.fromEntries(
            FIGURE_NAMES.map((f) => [f, eb(sql.ref(`economics_days.${f}`), '+', eb.ref(`excluded.${f}`))]),
          ),
        ),
    )
    .execute();
}

/** The site days' rows from `from` to `to` (both included). */
export async function readDays(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('economics_days')
    .select(['day', 'source', 'name', ...FIGURE_NAMES])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  return rows.map((r) => ({ day: r.day, source: r.source, name: r.name, ...toFigures(r) }));
}

/** Where `economics_days` stands: moves with every transaction that changes it. */
export async function daysVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('economics_settled')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Marks `economics_days` changed, in the transaction that changes it. */
export async function markDaysChanged(db: Db): Promise<void> {
  await db
    .updateTable('economics_settled')
    .set({ version: sql<number>`version + 1` })
    .where('id', '=', 1)
    .execute();
}

/** The quarter hours not yet moved to their day, shards added up. */
export async function readQuarters(db: Db) {
  const rows = await db
    .selectFrom('economics_quarters')
    .select((eb) => [
      'hour',
      'quarter',
      'source',
      'name',
      ...FIGURE_NAMES.map((f) => eb.fn.sum<number>(f).as(f)),
    ])
    .groupBy(['hour', 'quarter', 'source', 'name'])
    .execute();
  return rows.map(toQuarterRow);
}

/** What a reversed credit's postback reported: its USD and when it was credited. */
export async function findCreditedPostback(db: Db, wall: string, transId: string) {
  return db
    .selectFrom('postbacks')
    .select(['usd_micros', 'amount', 'created_at'])
    .where('wall_slug', '=', wall)
    .where('trans_id', '=', transId)
    .where('verdict', 'in', ['credited', 'on_hold', 'approved'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function listWalls(db: Db) {
  return db.selectFrom('walls').select(['slug', 'name']).orderBy('sort').orderBy('id').execute();
}

export async function listCosts(db: Db) {
  return db.selectFrom('robux_costs').selectAll().orderBy('effective_from', 'desc').execute();
}

export async function upsertCost(
  db: Db,
  row: { effective_from: string; micro_usd: number; set_by: string; set_at: string },
) {
  await db
    .insertInto('robux_costs')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('effective_from')
        .doUpdateSet({ micro_usd: row.micro_usd, set_by: row.set_by, set_at: row.set_at }),
    )
    .execute();
}

/** What players wait for, in hundredths of R$, and what the payout account holds. */
export async function owedFigures(db: Db) {
  const [onHold, withdrawals, account] = await Promise.all([
    db
      .selectFrom('offer_transactions')
      .select((eb) => eb.fn.sum<number>('amount').as('cents'))
      .where('state', '=', 'held')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.sum<number>('amount').as('cents'))
      .where('state', 'in', openWithdrawalStates)
      .executeTakeFirstOrThrow(),
    db.selectFrom('payout_account').select(['robux', 'group_funds']).where('id', '=', 1).executeTakeFirst(),
  ]);
  return {
    onHoldCents: Number(onHold.cents ?? 0),
    withdrawalCents: Number(withdrawals.cents ?? 0),
    payoutRobux: account?.robux === null || account?.robux === undefined ? null : Number(account.robux),
    groupFunds:
      account?.group_funds === null || account?.group_funds === undefined
        ? null
        : Number(account.group_funds),
  };
}

export async function listAlerts(db: Db) {
  return db.selectFrom('economics_alerts').selectAll().execute();
}

/** Opens an episode; false when it was already open (another process told it). */
export async function openAlert(db: Db, key: string, since: string): Promise<boolean> {
  const rows = await db
    .insertInto('economics_alerts')
    .values({ key, since })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .execute();
  return rows.length > 0;
}

export async function closeAlerts(db: Db, keys: string[]) {
  if (keys.length === 0) return;
  await db.deleteFrom('economics_alerts').where('key', 'in', keys).execute();
}
