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
import { insertUserOnce } from '../src/modules/users/repository.ts';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database.ts';

const JOINED = '2026-01-01T00:00:00.000Z';

async function newUser(db: Kysely<DB>, robloxId: number): Promise<number> {
  const id = await insertUserOnce(db, {
    username: `driver${robloxId}`,
    displayName: `Driver ${robloxId}`,
    robloxId,
    verificationCode: 'x',
    referredBy: null,
    joinedAt: JOINED,
  });
  if (id === null) throw new Error('user not created');
  return id;
}

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
    userId = await newUser(db, 1);
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
    const a = await newUser(tdb.db, 11);
    const b = await newUser(tdb.db, 12);
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
    const c = await newUser(tdb.db, 13);
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
});
