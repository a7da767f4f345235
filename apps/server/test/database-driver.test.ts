import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { changedRows, firstRow, prepared } from '../src/db/prepared.ts';
import { GroupCommitSqliteDialect, MAX_GROUP } from '../src/db/sqlite-driver.ts';
import { findWallBySlug } from '../src/modules/offers/walls/repository.ts';
import { createDatabase } from '../src/db/database.ts';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database.ts';
import { insertUser } from './support/accounts.ts';

const JOINED = '2026-01-01T00:00:00.000Z';
/** The players these tests add, all joined on one day. */
const DRIVER_USER = { name: 'Driver', joinedAt: JOINED };

describe.skipIf(testEngine === 'postgres')('SQLite group commit', () => {
  let dir: string;
  let dialect: GroupCommitSqliteDialect;
  let db: Kysely<DB>;
  /** A second connection, as another process would see the file. */
  let other: SQLite.Database;
  let userId: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rewards-driver-'));
    const file = join(dir, 'driver.db');
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    dialect = new GroupCommitSqliteDialect(sqlite);
    db = new Kysely<DB>({ dialect });
    await migrateToLatest(db);
    userId = await insertUser(db, 1, DRIVER_USER);
    other = new SQLite(file, { readonly: true });
  });
  afterAll(async () => {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const insertEntry = (trx: Kysely<DB>, key: string) =>
    trx
      .insertInto('ledger_entries')
      .values({
        user_id: userId,
        amount: 1,
        kind: 'admin',
        idempotency_key: key,
        description: 'd',
        created_at: JOINED,
      })
      .execute();
  const committedElsewhere = (key: string) =>
    other.prepare('select count(*) as n from ledger_entries where idempotency_key = ?').get(key) as {
      n: number;
    };

  it('answers each transaction only once its work is committed, and commits many together', async () => {
    const before = { ...dialect.driver.stats };
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        db
          .transaction()
          .execute((trx) => insertEntry(trx, `group:${i}`))
          // What another connection sees at the moment this caller hears back.
          .then(() => seen.push(committedElsewhere(`group:${i}`).n)),
      ),
    );
    expect(seen).toHaveLength(200);
    expect(seen.every((n) => n === 1)).toBe(true);
    const commits = dialect.driver.stats.commits - before.commits;
    expect(dialect.driver.stats.transactions - before.transactions).toBe(200);
    expect(commits).toBeGreaterThanOrEqual(Math.ceil(200 / MAX_GROUP));
    expect(commits).toBeLessThan(200);
  });

  it('rolls back a failed transaction alone; the others of its group are committed', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await insertEntry(trx, `mixed:${i}`);
          if (i % 4 === 0) throw new Error(`refused ${i}`);
        }),
      ),
    );
    results.forEach((r, i) => {
      expect(r.status).toBe(i % 4 === 0 ? 'rejected' : 'fulfilled');
      expect(committedElsewhere(`mixed:${i}`).n).toBe(i % 4 === 0 ? 0 : 1);
    });
  });

  it('commits a write outside any transaction before it returns, even beside open groups', async () => {
    const outcomes = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        db.transaction().execute((trx) => insertEntry(trx, `beside:${i}`)),
      ),
      insertEntry(db, 'alone').then(() => committedElsewhere('alone').n),
    ]);
    expect(outcomes.at(-1)).toBe(1);
    for (let i = 0; i < 10; i++) expect(committedElsewhere(`beside:${i}`).n).toBe(1);
  });

  it('a unique violation inside a group fails that transaction only', async () => {
    await db.transaction().execute((trx) => insertEntry(trx, 'taken'));
    const [dup, fresh] = await Promise.allSettled([
      db.transaction().execute((trx) => insertEntry(trx, 'taken')),
      db.transaction().execute((trx) => insertEntry(trx, 'fresh')),
    ]);
    expect(dup.status).toBe('rejected');
    expect(fresh.status).toBe('fulfilled');
    expect(committedElsewhere('taken').n).toBe(1);
    expect(committedElsewhere('fresh').n).toBe(1);
  });
});

/** A connection whose next `failNext` COMMITs fail as a full disk would. */
function failingCommits(real: SQLite.Database) {
  const control = { failNext: 0 };
  const wrapped = new Proxy(real, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (text: string) => {
          const statement = target.prepare(text);
          if (text !== 'commit') return statement;
          return new Proxy(statement, {
            get(st, p) {
              if (p === 'run') {
                return (...args: unknown[]) => {
                  if (control.failNext > 0) {
                    control.failNext -= 1;
                    throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
                  }
                  return (st.run as (...a: unknown[]) => unknown)(...args);
                };
              }
              const v = (st as unknown as Record<string | symbol, unknown>)[p];
              return typeof v === 'function' ? v.bind(st) : v;
            },
          });
        };
      }
      const v = (target as unknown as Record<string | symbol, unknown>)[prop];
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  return { control, wrapped };
}

describe.skipIf(testEngine === 'postgres')('SQLite group commit when things go wrong', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rewards-driver-fail-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let n = 0;
  function open() {
    const file = join(dir, `db${++n}.db`);
    const real = new SQLite(file);
    real.pragma('journal_mode = WAL');
    real.exec('create table t (k text primary key)');
    const { control, wrapped } = failingCommits(real);
    const db = new Kysely<{ t: { k: string } }>({ dialect: new GroupCommitSqliteDialect(wrapped) });
    const rows = () => {
      const check = new SQLite(file, { readonly: true });
      try {
        return (check.prepare('select k from t order by k').all() as { k: string }[]).map((r) => r.k);
      } finally {
        check.close();
      }
    };
    return { db, control, rows };
  }

  it('a failed commit fails every caller of its group, keeps none of their work, and the next group commits', async () => {
    const { db, control, rows } = open();
    control.failNext = 1;
    const count = MAX_GROUP + 6;
    const outcomes = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        db.transaction().execute((trx) =>
          trx
            .insertInto('t')
            .values({ k: `k${String(i).padStart(3, '0')}` })
            .execute(),
        ),
      ),
    );
    const rejected = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected.length).toBe(MAX_GROUP);
    for (const r of rejected) expect(String(r.reason)).toMatch(/disk is full/);
    // Exactly the callers told "done" have their rows, and nothing else is there.
    const told = outcomes.flatMap((o, i) =>
      o.status === 'fulfilled' ? [`k${String(i).padStart(3, '0')}`] : [],
    );
    expect(told).toHaveLength(6);
    expect(rows()).toEqual(told);
    await db.destroy();
  });

  it('a write outside a transaction is not reported done when the group before it failed to commit', async () => {
    const { db, control, rows } = open();
    control.failNext = 1;
    const [inGroup, alone] = await Promise.allSettled([
      db.transaction().execute((trx) => trx.insertInto('t').values({ k: 'grouped' }).execute()),
      db.insertInto('t').values({ k: 'alone' }).execute(),
    ]);
    expect(inGroup.status).toBe('rejected');
    expect(alone.status).toBe('fulfilled');
    expect(rows()).toEqual(['alone']);
    await db.destroy();
  });

  it('closing waits for a transaction still running, so it is never committed in half', async () => {
    const { db, rows } = open();
    let debited!: () => void;
    const halfway = new Promise<void>((resolve) => (debited = resolve));
    let answer!: () => void;
    const otherService = new Promise<void>((resolve) => (answer = resolve));
    const running = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ k: 'debit' }).execute();
      debited();
      await otherService; // e.g. waiting for another service
      await trx.insertInto('t').values({ k: 'credit' }).execute();
    });
    await halfway;
    const closed = db.destroy();
    // A turn of the event loop: a close that did not wait for the transaction would have happened.
    await new Promise((r) => setImmediate(r));
    answer();
    await Promise.all([running, closed]);
    expect(rows()).toEqual(['credit', 'debit']);
  });
});

describe(`prepared queries on ${testEngine}`, () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(async () => {
    await tdb.drop();
  });

  // `amount` appears twice and the query has constants of its own besides.
  const addTwice = prepared((db: Kysely<DB>, id: number, amount: number) =>
    db
      .updateTable('users')
      .set({ balance: sql`balance + ${amount}`, earnings: sql`earnings + ${amount}`, status: 'active' })
      .where('id', '=', id)
      .returning(['balance', 'earnings']),
  );
  const byName = prepared((db: Kysely<DB>, name: string) =>
    db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', '=', name)
      .where('status', '=', 'active'),
  );

  it('runs with each call’s values, answering as Kysely would', async () => {
    const a = await insertUser(tdb.db, 11, DRIVER_USER);
    const b = await insertUser(tdb.db, 12, DRIVER_USER);
    expect(await firstRow(addTwice(tdb.db, a, 250))).toEqual({ balance: 250, earnings: 250 });
    expect(await firstRow(addTwice(tdb.db, b, 7))).toEqual({ balance: 7, earnings: 7 });
    expect(await firstRow(addTwice(tdb.db, a, -50))).toEqual({ balance: 200, earnings: 200 });
    expect(await firstRow(byName(tdb.db, 'driver12'))).toEqual({ id: b, username: 'driver12' });
    expect(await firstRow(byName(tdb.db, 'nobody'))).toBeUndefined();
    const rename = prepared((db: Kysely<DB>, id: number, name: string) =>
      db.updateTable('users').set({ display_name: name }).where('id', '=', id),
    );
    expect(await changedRows(rename(tdb.db, a, 'Renamed'))).toBe(1);
    expect(await changedRows(rename(tdb.db, 999_999, 'Nobody'))).toBe(0);
  });

  it('runs inside a transaction too', async () => {
    const c = await insertUser(tdb.db, 13, DRIVER_USER);
    await tdb.db.transaction().execute(async (trx) => {
      expect(await firstRow(addTwice(trx, c, 5))).toEqual({ balance: 5, earnings: 5 });
    });
  });

  it('refuses a build that does more with an argument than place it as a value', () => {
    const broken = prepared((db: Kysely<DB>, id: number) =>
      db
        .selectFrom('users')
        .select('id')
        .where('id', '=', Number(id) + 1),
    );
    expect(() => broken(tdb.db, 1)).toThrow(/uses 0 of its 1 arguments/);
  });

  it('refuses `select *`: a prepared query lists its columns', () => {
    const whole = prepared((db: Kysely<DB>, id: number) =>
      db.selectFrom('users').selectAll().where('id', '=', id),
    );
    expect(() => whole(tdb.db, 1)).toThrow(/lists its columns/);
    const returningAll = prepared((db: Kysely<DB>, id: number) =>
      db.updateTable('users').set({ status: 'active' }).where('id', '=', id).returningAll(),
    );
    expect(() => returningAll(tdb.db, 1)).toThrow(/lists its columns/);
    const aliasAll = prepared((db: Kysely<DB>, id: number) =>
      db.selectFrom('users as u').selectAll('u').where('u.id', '=', id),
    );
    expect(() => aliasAll(tdb.db, 1)).toThrow(/lists its columns/);
  });

  it.runIf(testEngine === 'postgres')(
    'runs as a named statement on PostgreSQL, prepared once per connection',
    async () => {
      const d = await insertUser(tdb.db, 14, DRIVER_USER);
      await tdb.db.transaction().execute(async (trx) => {
        // One transaction is one connection, so its prepared statements are the ones listed here.
        for (let i = 0; i < 3; i++)
          expect(await firstRow(byName(trx, 'driver14'))).toEqual({ id: d, username: 'driver14' });
        const listed = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements where statement like '%"username" = $1%'`.execute(
          trx,
        );
        expect(listed.rows).toHaveLength(1);
        expect(listed.rows[0]!.name).toMatch(/^rewards_q\d+$/);
        // An ordinary Kysely query stays unnamed.
        await trx.selectFrom('users').select('id').where('verification_code', '=', 'ad hoc').execute();
        const adHoc = await sql<{ n: number }>`
          select count(*)::int as n from pg_prepared_statements where statement like '%"verification_code" = $1%'`.execute(
          trx,
        );
        expect(adHoc.rows[0]!.n).toBe(0);
      });
    },
  );

  it.runIf(testEngine === 'postgres')(
    'keeps answering after a migration adds a column to a table it reads whole',
    async () => {
      await tdb.db.transaction().execute(async (trx) => {
        // findWallBySlug reads the whole row through the listed WALL_COLUMNS, as a named statement.
        const before = await findWallBySlug(trx, 'cpx');
        expect(before?.slug).toBe('cpx');
        const listed = await sql<{ n: number }>`
          select count(*)::int as n from pg_prepared_statements where statement like '%from "walls"%'`.execute(
          trx,
        );
        expect(listed.rows[0]!.n).toBe(1);
        await sql`alter table walls add column prepared_test_extra integer`.execute(trx);
        expect(await findWallBySlug(trx, 'cpx')).toEqual(before);
        await sql`alter table walls drop column prepared_test_extra`.execute(trx);
      });
    },
  );

  it.runIf(testEngine === 'postgres')(
    'prepares a statement again when the connection lost it, instead of failing on every call',
    async () => {
      // One connection, so every call below runs where the statement was prepared.
      const one = createDatabase(tdb.url, { poolSize: 1 });
      try {
        const f = await insertUser(one, 16, DRIVER_USER);
        expect(await firstRow(byName(one, 'driver16'))).toEqual({ id: f, username: 'driver16' });
        await sql`deallocate all`.execute(one);
        // The call that finds it gone fails (its transaction, if any, could not go on anyway)...
        await expect(firstRow(byName(one, 'driver16'))).rejects.toMatchObject({ code: '26000' });
        // ...and the connection prepares it again from then on.
        expect(await firstRow(byName(one, 'driver16'))).toEqual({ id: f, username: 'driver16' });
        // A value pg cannot send makes it close the statement on the server: the same recovery.
        await expect(firstRow(byName(one, { n: 1n } as unknown as string))).rejects.toThrow(/BigInt/);
        expect(await firstRow(byName(one, 'driver16'))).toEqual({ id: f, username: 'driver16' });
      } finally {
        await one.destroy();
      }
    },
  );
});
