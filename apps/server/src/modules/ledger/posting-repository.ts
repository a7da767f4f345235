import {
  sql,
  type Compilable,
  type Expression,
  type Kysely,
  type QueryCreator,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import { connectionShard, nextId, writesTogether } from '../../db/engine-sql.ts';
import { inGroupedTransaction, inTransaction } from '../../db/transaction.ts';
import { quarterHourOf } from '../../db/time-buckets.ts';
import { firstRow, prepared } from '../../db/prepared.ts';
import type { Database, Db } from '../../db/database.ts';
import type { LedgerKind } from '../../db/schema.ts';

/*
 * A posting's writes: the entry (once per key), the account's balance (a covered debit only while the
 * balance covers it), the ledger's running totals and its quarter hour's figures. On PostgreSQL they are one statement, its parts
 * joined by a data-modifying `with`; on SQLite, which has none, the same parts run one after the other
 * in the caller's transaction. Each part is written once, below, for both.
 */

export interface NewEntry {
  userId: number;
  /** Signed, in hundredths of R$. */
  amount: number;
  kind: LedgerKind;
  key: string;
  description: string;
  params: string;
  createdAt: string;
  meta: string | null;
  /** Added to lifetime earnings. */
  earningsDelta: number;
  /** Added to the offers-completed count. */
  offersDelta: number;
  /** A debit that must leave the balance at 0 or above (false: it applies whatever the balance). */
  covered: boolean;
}

/**
 * What a balance change answers with, read by the same statement: the new balance, and what the
 * referral commission needs to know whether to look further (most players have no referrer).
 */
export interface AccountAfter {
  balance: number;
  earnings: number;
  referredBy: number | null;
}

/**
 * What a posting wrote: null when its key was posted before (nothing changed). `account` is null when
 * the entry went in but the balance did not change (a covered debit the balance did not cover, or no
 * such user): the caller must undo its transaction.
 */
export type Written = { entryId: number; account: AccountAfter | null } | null;

type AccountRow = {
  balance: number | string;
  earnings: number | string;
  referred_by: number | string | null;
};

function accountAfter(row: Partial<AccountRow> | undefined): AccountAfter | null {
  if (!row || row.balance === null || row.balance === undefined) return null;
  return {
    balance: Number(row.balance),
    earnings: Number(row.earnings),
    referredBy: row.referred_by === null || row.referred_by === undefined ? null : Number(row.referred_by),
  };
}

const ACCOUNT_AFTER = ['balance', 'earnings', 'referred_by'] as const;

/** The entry's values, in the order its prepared statements take them. */
type EntryValues = [
  userId: number,
  amount: number,
  kind: LedgerKind,
  key: string,
  description: string,
  params: string,
  createdAt: string,
  meta: string | null,
];
/** A posting's values: the entry's, then what the balance's change adds. */
type EntryArgs = [...EntryValues, earningsDelta: number, offersDelta: number];
type BalanceValues = [userId: number, amount: number, earningsDelta: number, offersDelta: number];

const argsOf = (e: NewEntry): EntryArgs => [
  e.userId,
  e.amount,
  e.kind,
  e.key,
  e.description,
  e.params,
  e.createdAt,
  e.meta,
  e.earningsDelta,
  e.offersDelta,
];
const entryValuesOf = (a: EntryArgs) => a.slice(0, 8) as EntryValues;
const balanceValuesOf = (a: EntryArgs): BalanceValues => [a[0], a[1], a[8], a[9]];

type Q = QueryCreator<any>;

/**
 * The entry's row, as values (`when`: only if that holds; `id`: its id, chosen before the insert). A
 * repeated key inserts nothing.
 */
function insertEntry(
  q: Q,
  [userId, amount, kind, key, description, params, createdAt, meta]: EntryValues,
  when?: RawBuilder<SqlBool>,
  id?: Expression<number>,
) {
  const values = q.selectNoFrom((eb) => [
    ...(id ? [sql<number>`${id}`.as('id')] : []),
    eb.val(userId).as('user_id'),
    eb.val(amount).as('amount'),
    eb.val(kind).as('kind'),
    eb.val(key).as('idempotency_key'),
    eb.val(description).as('description'),
    eb.val(params).as('params'),
    eb.val(createdAt).as('created_at'),
    eb.val(meta).as('meta'),
  ]);
  return q
    .insertInto('ledger_entries')
    .columns([
      ...(id ? ['id'] : []),
      'user_id',
      'amount',
      'kind',
      'idempotency_key',
      'description',
      'params',
      'created_at',
      'meta',
    ])
    .expression(values.where(when ?? sql<SqlBool>`1 = 1`))
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning(['id', 'kind', 'amount', 'created_at']);
}

/**
 * The balance moves by the amount (and lifetime earnings, and the offers count, by theirs). A covered
 * posting matches only while the balance stays at 0 or above: concurrent debits can never overspend,
 * whatever the engine or the number of processes.
 */
function updateBalance(
  q: Q,
  [userId, amount, earningsDelta, offersDelta]: BalanceValues,
  covered: boolean,
  when?: RawBuilder<SqlBool>,
) {
  const update = q
    .updateTable('users')
    .set({
      balance: sql`balance + ${amount}`,
      earnings: sql`earnings + ${earningsDelta}`,
      offers_completed: sql`offers_completed + ${offersDelta}`,
    })
    .where('id', '=', userId)
    .$if(covered, (u) => u.where(sql<SqlBool>`balance + ${amount} >= 0`))
    .$if(when !== undefined, (u) => u.where(when!));
  return update.returning(ACCOUNT_AFTER);
}

/**
 * The totals' row of this kind and sign (and this connection's shard) counts one more entry, and
 * what the entry moved the sum of the balances below zero by (`negative_cents`: the operator's
 * "negative balances", read without an index on `users.balance`, decision 41).
 */
function addToTotals(q: Q, rows: Compilable<unknown>) {
  return q
    .insertInto('ledger_totals')
    .columns(['kind', 'credit', 'shard', 'entries', 'cents', 'negative_cents'])
    .expression(rows as never)
    .onConflict((oc) =>
      oc.columns(['kind', 'credit', 'shard']).doUpdateSet({
        entries: sql`ledger_totals.entries + 1`,
        cents: sql`ledger_totals.cents + excluded.cents`,
        negative_cents: sql`ledger_totals.negative_cents + excluded.negative_cents`,
      }),
    );
}

const belowZero = (cents: Expression<unknown>) => sql`case when ${cents} < 0 then ${cents} else 0 end`;

/**
 * The row `addToTotals` adds, for an entry of `kind` and `amount` that left its account at
 * `balance` (values, or the statement's columns).
 */
const totalsColumns = (
  db: Kysely<any>,
  kind: Expression<unknown>,
  amount: Expression<unknown>,
  balance: Expression<unknown>,
) => [
  sql`${kind}`.as('kind'),
  sql<number>`case when ${amount} > 0 then 1 else 0 end`.as('credit'),
  connectionShard(db).as('shard'),
  sql<number>`1`.as('entries'),
  sql`${amount}`.as('cents'),
  sql`${belowZero(balance)} - ${belowZero(sql`${balance} - ${amount}`)}`.as('negative_cents'),
];

/**
 * The figures of the entry's UTC quarter hour (`economics_quarters`, source `credit` or `debit`, the
 * kind as its name, this connection's shard), which the operator's economics read by period: kept by
 * the posting like the running totals, so that reading a month costs a few rows per day.
 */
function addToQuarter(q: Q, rows: Compilable<unknown>) {
  return q
    .insertInto('economics_quarters')
    .columns(['hour', 'quarter', 'source', 'name', 'shard', 'events', 'cents'])
    .expression(rows as never)
    .onConflict((oc) =>
      oc.columns(['hour', 'quarter', 'source', 'name', 'shard']).doUpdateSet({
        events: sql`economics_quarters.events + 1`,
        cents: sql`economics_quarters.cents + excluded.cents`,
      }),
    );
}

/** The row `addToQuarter` adds, for an entry of `kind`, `amount` and `createdAt`. */
const quarterColumns = (
  db: Kysely<any>,
  kind: Expression<unknown>,
  amount: Expression<unknown>,
  createdAt: Expression<string>,
) => {
  const { hour, quarter } = quarterHourOf(createdAt);
  return [
    hour.as('hour'),
    quarter.as('quarter'),
    sql<string>`case when ${amount} > 0 then 'credit' else 'debit' end`.as('source'),
    sql`${kind}`.as('name'),
    connectionShard(db).as('shard'),
    sql<number>`1`.as('events'),
    sql`${amount}`.as('cents'),
  ];
};

/** The new entry's id inside a posting's statement (`oneStatement`), once it is chosen or written. */
const CHOSEN_ENTRY_ID = sql<number>`(select id from n)`;
const WRITTEN_ENTRY_ID = sql<number>`(select id from e)`;
/** Inside a posting's statement: the balance changed. */
const APPLIED = sql<SqlBool>`exists (select 1 from u)`;

/**
 * All in one statement: the balance changes only if the entry went in, and the totals and the quarter
 * hour's figures only if the balance changed (they are written last, so their rows are the last locks
 * the posting takes).
 * `guard`, when given, comes first as `g`, after the entry's id is drawn (`n`, which it may write):
 * nothing is posted unless it returned a row. `records`, when given, come last (`r0`, `r1`…); the
 * first one's `id` is answered as `record_id`.
 */
function oneStatement(
  db: Kysely<any>,
  a: EntryArgs,
  covered: boolean,
  guard?: (entryId: Expression<number>) => Compilable<unknown>,
  records: (() => Compilable<unknown>)[] = [],
) {
  const start = guard
    ? db
        .with('n', (q) => q.selectNoFrom(nextId(db, 'ledger_entries').as('id')))
        .with('g', () => guard(CHOSEN_ENTRY_ID) as never)
    : db;
  const written = start
    .with('e', (q) =>
      insertEntry(
        q,
        entryValuesOf(a),
        guard ? sql<SqlBool>`exists (select 1 from g)` : undefined,
        guard ? CHOSEN_ENTRY_ID : undefined,
      ),
    )
    .with('u', (q) => updateBalance(q, balanceValuesOf(a), covered, sql<SqlBool>`exists (select 1 from e)`))
    .with('t', (q) =>
      addToTotals(
        q,
        q
          .selectFrom(['e', 'u'])
          .select(totalsColumns(db, sql.ref('e.kind'), sql.ref('e.amount'), sql.ref('u.balance'))),
      ),
    )
    .with('h', (q) =>
      addToQuarter(
        q,
        q
          .selectFrom(['e', 'u'])
          .select(quarterColumns(db, sql.ref('e.kind'), sql.ref('e.amount'), sql.ref('e.created_at'))),
      ),
    );
  const withRecords = records.reduce<typeof written>(
    (w, record, i) => w.with(`r${i}`, () => record() as never),
    written,
  );
  return withRecords.selectNoFrom((eb: any) => [
    eb.selectFrom('e').select('id').as('id'),
    ...ACCOUNT_AFTER.map((c) => eb.selectFrom('u').select(c).as(c)),
    ...(records.length > 0 ? [eb.selectFrom('r0').select('id').as('record_id')] : []),
    ...(guard
      ? [
          eb
            .selectFrom('g')
            .select(sql`1`.as('one'))
            .limit(1)
            .as('moved'),
        ]
      : []),
  ]);
}

type Row = {
  id: number | string | null;
  moved?: number | null;
  record_id?: number | string | null;
} & Partial<AccountRow>;

const oneStatementQueries = {
  covered: prepared((db: Db, ...a: EntryArgs) => oneStatement(db, a, true) as Compilable<Row>),
  uncovered: prepared((db: Db, ...a: EntryArgs) => oneStatement(db, a, false) as Compilable<Row>),
};

// On SQLite each part is a statement of its own, given only the values it uses.
const insertEntryQuery = prepared((db: Db, ...v: EntryValues) => insertEntry(db, v));
/** The entry with the id its guard was given (`nextId`: the same until the entry goes in). */
const insertChosenEntryQuery = prepared((db: Db, ...v: EntryValues) =>
  insertEntry(db, v, undefined, nextId(db, 'ledger_entries')),
);
const balanceQuery = (covered: boolean) =>
  prepared((db: Db, ...v: BalanceValues) => updateBalance(db, v, covered));
const updateBalanceQueries = { covered: balanceQuery(true), uncovered: balanceQuery(false) };
const addToTotalsQuery = prepared((db: Db, kind: LedgerKind, amount: number, balance: number) =>
  addToTotals(db, db.selectNoFrom(totalsColumns(db, sql.val(kind), sql.val(amount), sql.val(balance)))),
);
const addToQuarterQuery = prepared((db: Db, kind: LedgerKind, amount: number, createdAt: string) =>
  addToQuarter(db, db.selectNoFrom(quarterColumns(db, sql.val(kind), sql.val(amount), sql.val(createdAt)))),
);

/**
 * The posting's writes, in the caller's transaction (which it must undo when `account` is null).
 * `chosenId`: the entry takes the id a guard was given (SQLite's part of `guardedCredit`).
 */
export async function writePosting(db: Db, e: NewEntry, chosenId = false): Promise<Written> {
  const a = argsOf(e);
  const cover = e.covered ? 'covered' : 'uncovered';
  if (writesTogether(db)) {
    const row = await firstRow(oneStatementQueries[cover](db, ...a));
    return row?.id == null ? null : { entryId: Number(row.id), account: accountAfter(row) };
  }
  const insert = chosenId ? insertChosenEntryQuery : insertEntryQuery;
  const entry = await firstRow(insert(db, ...entryValuesOf(a)));
  if (!entry) return null;
  const account = accountAfter(await firstRow(updateBalanceQueries[cover](db, ...balanceValuesOf(a))));
  if (account) {
    await addToTotalsQuery(db, e.kind, e.amount, account.balance);
    await addToQuarterQuery(db, e.kind, e.amount, e.createdAt);
  }
  return { entryId: Number(entry.id), account };
}

/** What a guard is given besides its own arguments. */
export interface GuardTerms {
  /** Must be one of the guard's conditions: it holds while the posting's key is unused. */
  keyFree: RawBuilder<SqlBool>;
  /** The id the posting's entry will have, for a guard row that notes it. */
  entryId: Expression<number>;
}

/**
 * A write of the caller's own table that a posting depends on: an update or insert of at most one row
 * that returns a column when it changed one. `keyFree` must be one of its conditions, so the guard
 * never moves for a posting that would not go in.
 */
export type Guard<A extends unknown[]> = (
  db: Kysely<any>,
  terms: GuardTerms,
  ...args: A
) => Compilable<unknown>;

const keyFree = (key: unknown) =>
  sql<SqlBool>`not exists (select 1 from ledger_entries where idempotency_key = ${key})`;

const termsOf = (key: unknown, entryId: Expression<number>): GuardTerms => ({
  keyFree: keyFree(key),
  entryId,
});

/** A record's `applied` when it runs after its posting, which wrote the entry `entryId`. */
const writtenEntry = (entryId: unknown) => sql<SqlBool>`${entryId} is not null`;

/** What a posting's first record answers. */
type RecordRow = { id?: number | string | null };

/** One record of a posting per argument list (`Record` below). */
type Records<R extends unknown[][]> = { [K in keyof R]: Record<R[K]> };

/** What a guarded credit wrote: its entry, the account after it, and its first record's id. */
export interface GuardedWrite {
  entryId: number;
  account: AccountAfter;
  recordId: number | null;
}

/**
 * Writes `guard` and then, if it changed a row, a credit (never a debit: it cannot be refused) and
 * its `records`: all or nothing. One statement on PostgreSQL, which needs no transaction around it
 * (it shares one with the other writes of the moment: group commit); on SQLite the guard, the
 * posting and each record in a transaction of their own (or the caller's). Answers null when the
 * guard changed nothing.
 */
export function guardedCredit<A extends unknown[], R extends unknown[][] = []>(
  guard: Guard<A>,
  ...records: Records<R>
) {
  // PostgreSQL: one statement, built once per count of each part's arguments (fixed per caller).
  const together = new Map<string, ReturnType<typeof togetherOf>>();
  const togetherOf = (guardArity: number, recordArities: number[]) =>
    prepared((db: Db, ...all: unknown[]) => {
      const a = all.slice(0, 10) as EntryArgs;
      let at = 10;
      const guardArgs = all.slice(at, (at += guardArity)) as A;
      const recordArgs = recordArities.map((n) => all.slice(at, (at += n)));
      return oneStatement(
        db,
        a,
        false,
        (entryId) => guard(db, termsOf(a[3], entryId), ...guardArgs),
        records.map(
          (record, i) => () =>
            (record as Record<unknown[]>)(db, WRITTEN_ENTRY_ID, APPLIED, ...recordArgs[i]!),
        ),
      ) as Compilable<Row>;
    });
  // SQLite: statements in a row.
  const alone = prepared((db: Db, key: string, ...args: unknown[]) =>
    guard(db, termsOf(key, nextId(db, 'ledger_entries')), ...(args as A)),
  );
  const after = records.map((record) =>
    prepared((db: Db, entryId: number, ...args: unknown[]) =>
      (record as Record<unknown[]>)(db, sql.val(entryId), writtenEntry(entryId), ...args),
    ),
  );
  return async (db: Database, e: NewEntry, guardArgs: A, ...recordArgs: R): Promise<GuardedWrite | null> => {
    if (e.amount <= 0 || e.covered) throw new Error('a guarded posting is a credit');
    if (writesTogether(db)) {
      const shape = [guardArgs.length, ...recordArgs.map((r) => r.length)];
      let query = together.get(shape.join());
      if (!query) together.set(shape.join(), (query = togetherOf(shape[0]!, shape.slice(1))));
      const all = [...argsOf(e), ...guardArgs, ...recordArgs.flat()];
      const row = await inGroupedTransaction(db, e.userId, (q) => firstRow(query(q, ...all)), {
        oneStatement: true,
      });
      if (!row || row.moved == null) return null;
      const account = accountAfter(row);
      // The guard moved only while the key was free, and a credit always applies.
      if (row.id == null || !account) throw new Error(`guarded posting ${e.key} moved without its credit`);
      return {
        entryId: Number(row.id),
        account,
        recordId: row.record_id == null ? null : Number(row.record_id),
      };
    }
    const inOne = <T>(work: (trx: Db) => Promise<T>) =>
      db.isTransaction ? work(db) : inTransaction(db, work);
    return inOne(async (trx) => {
      if (!(await firstRow(alone(trx, e.key, ...guardArgs)))) return null;
      const written = await writePosting(trx, e, true);
      if (!written?.account) throw new Error(`guarded posting ${e.key} moved without its credit`);
      let recordId: number | null = null;
      for (const [i, write] of after.entries()) {
        const row = (await firstRow(write(trx, written.entryId, ...recordArgs[i]!))) as RecordRow | undefined;
        if (i === 0) recordId = row?.id == null ? null : Number(row.id);
      }
      return { entryId: written.entryId, account: written.account, recordId };
    });
  };
}

/**
 * A write of the caller's own table that notes a posting's entry: `entryId` is the new entry's id,
 * and `applied` must be one of its conditions (it holds when the posting changed the balance). The
 * first record of a posting returns its row's `id`.
 */
export type Record<A extends unknown[]> = (
  db: Kysely<any>,
  entryId: Expression<number | null>,
  applied: RawBuilder<SqlBool>,
  ...args: A
) => Compilable<unknown>;

/**
 * `writePosting` and, when it applied, `record`: in the same statement on PostgreSQL, the next one on
 * SQLite; in the caller's transaction either way.
 */
export function recordedPosting<A extends unknown[]>(record: Record<A>) {
  const together = (covered: boolean) =>
    prepared((db: Db, ...all: unknown[]) => {
      const a = all.slice(0, 10) as EntryArgs;
      const args = all.slice(10) as A;
      return oneStatement(db, a, covered, undefined, [
        () => record(db, WRITTEN_ENTRY_ID, APPLIED, ...args),
      ]) as Compilable<Row>;
    });
  const both = { covered: together(true), uncovered: together(false) };
  const after = prepared((db: Db, entryId: number, ...args: unknown[]) =>
    record(db, sql.val(entryId), writtenEntry(entryId), ...(args as A)),
  );
  return async (db: Db, e: NewEntry, ...args: A): Promise<Written> => {
    if (writesTogether(db)) {
      const row = await firstRow(both[e.covered ? 'covered' : 'uncovered'](db, ...argsOf(e), ...args));
      return row?.id == null ? null : { entryId: Number(row.id), account: accountAfter(row) };
    }
    const written = await writePosting(db, e);
    if (written?.account) await after(db, written.entryId, ...args);
    return written;
  };
}
