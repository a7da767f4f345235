import {
  createQueryId,
  Migrator,
  sql,
  type CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeatures } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { migrateToLatest, migrationProvider } from '../src/db/migrate.ts';
import type { LedgerKind } from '../src/db/schema.ts';
import type { Deps } from '../src/deps.ts';
import { loadEnv } from '../src/env.ts';
import { ledgerTotals, postAlone, type Posting } from '../src/modules/ledger/index.ts';
import { insertUserOnce } from '../src/modules/users/repository.ts';
import { createRobloxGateway } from '../src/roblox/gateway.ts';
import { robloxConfigFromEnv } from '../src/roblox/config.ts';
import { ManualClock } from '../src/shared/clock.ts';
import { bearer } from './support/test-app.ts';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database.ts';

/**
 * The site-wide figures of `/metrics` come from running totals that every posting keeps (migration
 * 0027), so a scrape reads a few rows whatever the ledger's size. These tests hold the totals equal
 * to the ledger (concurrent postings, repeats, the entries written before 0027) and, on PostgreSQL
 * with a million entries, check what a scrape asks the database.
 */

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));

/** Records the statements run through a database handle while `on`. */
class StatementRecorder implements KyselyPlugin {
  on = false;
  readonly nodes: RootOperationNode[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.on) this.nodes.push(args.node);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** The ledger summed the slow way, by kind and sign, as `ledgerTotals` reports it. */
async function ledgerSummed(db: Database) {
  const credit = sql<number>`case when amount > 0 then 1 else 0 end`;
  const rows = await db
    .selectFrom('ledger_entries')
    .select((eb) => [
      'kind',
      credit.as('credit'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('amount').as('total'),
    ])
    .groupBy(['kind', credit])
    .execute();
  return rows
    .map((r) => ({
      kind: r.kind,
      credit: Number(r.credit) === 1,
      count: Number(r.n),
      cents: Number(r.total),
    }))
    .sort((a, b) => a.kind.localeCompare(b.kind) || Number(a.credit) - Number(b.credit));
}

describe(`site-wide metrics on ${testEngine}`, () => {
  let tdb: TestDatabase;
  const users: number[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase();
    for (let i = 0; i < 8; i++) {
      const row = await insertUserOnce(tdb.db, {
        username: `Totals${i}`,
        displayName: `Totals${i}`,
        robloxId: 9_100 + i,
        verificationCode: 'x',
        referredBy: null,
        joinedAt: clock.now().toISOString(),
      });
      users.push(row!);
    }
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  it('keeps the running totals equal to the ledger under concurrent postings and repeats', async () => {
    const kinds: LedgerKind[] = ['offer', 'survey', 'daily', 'admin'];
    const postings: Posting[] = [];
    for (let i = 0; i < 160; i++) {
      const kind = kinds[i % kinds.length]!;
      const params = kind === 'daily' ? { day: 1 } : kind === 'admin' ? { reason: 'test' } : { wall: 'Test' };
      postings.push({
        userId: users[i % users.length]!,
        amount: 100 + (i % 17),
        kind,
        params,
        // Every fifth key is posted twice: the repeat changes nothing, in the ledger or the totals.
        key: `totals:${i - (i % 5 === 1 ? 1 : 0)}`,
      } as Posting);
    }
    // Debits too (each covered by the credits above), and one that is refused for want of funds.
    for (let i = 0; i < 16; i++) {
      postings.push({
        userId: users[i % users.length]!,
        amount: -(10 + i),
        kind: 'admin',
        params: { reason: 'test' },
        key: `totals:debit:${i}`,
      } as Posting);
    }
    const results = await Promise.allSettled(postings.map((p) => postAlone(tdb.db, clock, p)));
    const refused = await postAlone(tdb.db, clock, {
      userId: users[0]!,
      amount: -10_000_000,
      kind: 'admin',
      params: { reason: 'test' },
      key: 'totals:too-much',
    } as Posting).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(Error);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const summed = await ledgerSummed(tdb.db);
    expect(summed.length).toBeGreaterThanOrEqual(5);
    expect(await ledgerTotals(tdb.db)).toEqual(summed);
  });

  it("carries the entries written before migration 0027 into the totals; 0027's down drops them", async () => {
    const migrator = new Migrator({ db: tdb.db, provider: migrationProvider });
    const down = await migrator.migrateTo('0025_ledger_entry_params');
    expect(down.error).toBeUndefined();
    await expect(ledgerTotals(tdb.db)).rejects.toThrow();
    // An entry written while the totals did not exist.
    await tdb.db
      .insertInto('ledger_entries')
      .values({
        user_id: users[1]!,
        amount: 4_200,
        kind: 'promo',
        idempotency_key: 'totals:before-0027',
        description: 'Promo code OLD',
        created_at: clock.now().toISOString(),
      })
      .execute();
    await migrateToLatest(tdb.db);
    const totals = await ledgerTotals(tdb.db);
    expect(totals).toEqual(await ledgerSummed(tdb.db));
    expect(totals.find((t) => t.kind === 'promo')).toEqual({
      kind: 'promo',
      credit: true,
      count: 1,
      cents: 4_200,
    });
  });

  it(`answers a scrape from a few rows, never reading the ledger${testEngine === 'postgres' ? ' (1,000,000 entries)' : ''}`, async () => {
    if (testEngine === 'postgres') {
      // A million entries, and the totals made from them by 0027 itself (down, then up).
      await sql`insert into ledger_entries (user_id, amount, kind, idempotency_key, description, created_at)
        select ${users[2]!}, case when g % 10 = 0 then -50 else 100 + g % 7 end,
               case when g % 10 = 0 then 'withdrawal' when g % 2 = 0 then 'offer' else 'survey' end,
               'bulk:' || g, 'bulk', '2026-11-26T12:00:00.000Z'
        from generate_series(1, 1000000) as g`.execute(tdb.db);
      await sql`analyze ledger_entries`.execute(tdb.db);
      expect(
        (
          await new Migrator({ db: tdb.db, provider: migrationProvider }).migrateTo(
            '0025_ledger_entry_params',
          )
        ).error,
      ).toBeUndefined();
      await migrateToLatest(tdb.db);
    }
    const entries = (await ledgerTotals(tdb.db)).reduce((n, t) => n + t.count, 0);
    if (testEngine === 'postgres') expect(entries).toBeGreaterThan(1_000_000);

    const recorder = new StatementRecorder();
    const recorded = tdb.db.withPlugin(recorder);
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: tdb.url, METRICS_TOKEN });
    const deps: Deps = { env, db: recorded, clock, roblox: createRobloxGateway(robloxConfigFromEnv(env)) };
    // The plugins every request goes through (metrics among them), without routes or background jobs.
    const app = await buildFeatures(deps, { logger: false });
    await app.ready();
    try {
      recorder.on = true;
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
      recorder.on = false;
      expect(res.statusCode).toBe(200);

      // The figures are the ledger's.
      const summed = await ledgerSummed(tdb.db);
      const owed = summed.reduce((sum, t) => sum + t.cents, 0) / 100;
      expect(res.body).toContain(`\nrewards_ledger_balance_robux ${owed}\n`);
      const offers = summed.find((t) => t.kind === 'offer' && t.credit)!;
      expect(res.body).toContain(`\nrewards_ledger_credits_total{kind="offer"} ${offers.count}\n`);

      // PostgreSQL's pool, in use while the scrape read the figures: at least one connection.
      if (testEngine === 'postgres') expect(res.body).toMatch(/^rewards_db_pool_connections [1-9]\d*$/m);
      else expect(res.body).toMatch(/^rewards_db_pool_connections 0$/m);

      // What the scrape asked: a handful of statements, none of them over the ledger's entries.
      const executor = recorded.getExecutor();
      const statements: CompiledQuery[] = recorder.nodes.map((n) =>
        executor.compileQuery(n, createQueryId()),
      );
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.length).toBeLessThanOrEqual(5);
      for (const s of statements) expect(s.sql).not.toMatch(/ledger_entries/);

      if (testEngine === 'postgres') {
        // What each statement reads, from PostgreSQL's own account: a few pages of the totals and the
        // indexes, where one pass over a million entries reads thousands.
        const client = new pg.Client({ connectionString: tdb.url });
        await client.connect();
        try {
          // Twice: the first pass also fills this new connection's catalog caches, which the
          // server's long-lived pool connections have long filled; the second is what a scrape costs.
          let pages = 0;
          let milliseconds = 0;
          for (let pass = 0; pass < 2; pass++) {
            pages = 0;
            milliseconds = 0;
            for (const s of statements) {
              const { rows } = await client.query<{ 'QUERY PLAN': Array<Record<string, any>> }>(
                `explain (analyze, buffers, format json) ${s.sql}`,
                [...s.parameters],
              );
              const plan = rows[0]!['QUERY PLAN'][0]!;
              pages += plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
              milliseconds += plan['Planning Time'] + plan['Execution Time'];
            }
          }
          const ledgerPages = await client.query<{ n: string }>(
            `select relpages as n from pg_class where relname = 'ledger_entries'`,
          );
          expect(Number(ledgerPages.rows[0]!.n)).toBeGreaterThan(1_000);
          expect(pages, `${pages} pages, ${milliseconds.toFixed(2)} ms of database time`).toBeLessThan(100);
        } finally {
          await client.end();
        }
      }
    } finally {
      await app.close();
    }
  }, 180_000);
});
