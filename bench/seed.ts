import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { isPostgres, type Database } from '../apps/server/src/db/database.ts';

export const BENCH_PLAYERS = 200_000;
export const ENTRIES_PER_PLAYER = 5;
export const BENCH_ADMIN_TOKEN = 'bench-admin-session-token';

export const benchToken = (i: number) => `bench-player-token-${i}`;
export const benchRobloxId = (i: number) => 10_000_000 + i;
export const benchName = (i: number) => `benchplayer${i}`;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function inBatches<T>(rows: T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/**
 * 200,000 players (two runs of daily claims need that many: each player claims once a day), 1,000,000
 * ledger entries whose sums are the players' balances, a session, a past streak and an offer
 * transaction in a running race per player, written in bulk (the benchmark measures the server, not
 * the seeding).
 */
/** Days of settled economics figures before the seed's own (a site a year and more old). */
const ECONOMICS_HISTORY_DAYS = 400;

/**
 * The economics rollup (migration 0030) as posting the seeded entries would have kept it, and a
 * history of settled days for every cost kind and wall, so the Economics case reads what a site with
 * a long past holds.
 */
async function seedEconomics(db: Database, now: Date): Promise<void> {
  await db.deleteFrom('economics_quarters').execute();
  await sql`insert into economics_quarters (hour, quarter, source, name, shard, events, cents)
    select substr(created_at, 1, 13), cast(substr(created_at, 15, 2) as integer) / 15,
      case when amount > 0 then 'credit' else 'debit' end, kind, 0, count(*), sum(amount)
    from ledger_entries
    group by 1, 2, 3, 4`.execute(db);
  const walls = await db.selectFrom('walls').select('slug').execute();
  const kinds = ['offer', 'survey', 'social', 'daily', 'promo', 'referral', 'giveaway', 'admin', 'reversal'];
  // Every row names every figure: SQLite has no DEFAULT in a multi-row insert.
  const none = {
    usd_micros: 0,
    reversals: 0,
    reversed_cents: 0,
    reversed_usd_micros: 0,
    reversal_seconds: 0,
  };
  const rows = Array.from({ length: ECONOMICS_HISTORY_DAYS }, (_, d) => {
    const day = new Date(now.getTime() - (d + 1) * 86_400_000).toISOString().slice(0, 10);
    return [
      ...kinds.map((name) => ({
        day,
        source: 'credit' as const,
        name,
        events: 50 + d,
        cents: 5_000 * (d + 1),
        ...none,
      })),
      ...['gamepass', 'group'].map((name) => ({
        day,
        source: 'payout' as const,
        name,
        events: 10,
        cents: 20_000,
        ...none,
      })),
      ...walls.map(({ slug }) => ({
        day,
        source: 'wall' as const,
        name: slug,
        events: 40,
        cents: 400_000,
        usd_micros: 40_000_000,
        reversals: 2,
        reversed_cents: 20_000,
        reversed_usd_micros: 2_000_000,
        reversal_seconds: 2 * 86_400,
      })),
    ];
  }).flat();
  await inBatches(rows, 500, (batch) => db.insertInto('economics_days').values(batch).execute());
}

export async function seedBench(db: Database, now: Date): Promise<void> {
  const at = now.toISOString();
  const expires = new Date(now.getTime() + 30 * 86_400_000).toISOString();
  const chunk = 5_000;
  for (let start = 0; start < BENCH_PLAYERS; start += chunk) {
    const idx = Array.from({ length: Math.min(chunk, BENCH_PLAYERS - start) }, (_, k) => start + k);
    await db.transaction().execute(async (trx) => {
      await inBatches(idx, 500, (batch) =>
        trx
          .insertInto('users')
          .values(
            batch.map((i) => ({
              id: i + 1,
              username: benchName(i),
              username_lower: benchName(i),
              display_name: `Bench ${i}`,
              roblox_id: benchRobloxId(i),
              balance: 0,
              earnings: 0,
              verification_code: 'bench',
              joined_at: at,
            })),
          )
          .execute(),
      );
      const entries = idx.flatMap((i) =>
        Array.from({ length: ENTRIES_PER_PLAYER }, (_, e) => ({
          user_id: i + 1,
          amount: 100 + ((i + e) % 50) * 10,
          kind: 'offer' as const,
          idempotency_key: `bench:${i}:${e}`,
          description: 'Bench offer',
          created_at: at,
        })),
      );
      await inBatches(entries, 500, (batch) => trx.insertInto('ledger_entries').values(batch).execute());
      // Every player earned in the running race (its standings count these: docs/races.md).
      await inBatches(idx, 500, (batch) =>
        trx
          .insertInto('offer_transactions')
          .values(
            batch.map((i) => ({
              wall_slug: 'cpx',
              trans_id: `bench-race-${i}`,
              user_id: i + 1,
              kind: 'offer' as const,
              amount: 100 + (i % 997) * 10,
              description: 'Bench offer',
              state: 'credited' as const,
              release_at: null,
              credit_entry_id: null,
              reversal_entry_id: null,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute(),
      );
      // Returning players: each has a streak from an earlier claim (its next claim starts again at
      // day 1). A streaks table analysed while empty would also leave PostgreSQL's cached plans for
      // it as sequential scans, which an operating site never sees (docs/scaling.md, autovacuum).
      await inBatches(idx, 500, (batch) =>
        trx
          .insertInto('streaks')
          .values(
            batch.map((i) => ({ user_id: i + 1, day: 3, last_claim_day: '2026-01-01', updated_at: at })),
          )
          .execute(),
      );
      await inBatches(idx, 500, (batch) =>
        trx
          .insertInto('sessions')
          .values(
            batch.map((i) => ({
              token_hash: sha256(benchToken(i)),
              user_id: i + 1,
              created_at: at,
              expires_at: expires,
            })),
          )
          .execute(),
      );
    });
  }
  // Cached balances and earnings from the entries, so the ledger invariant holds from the start.
  await db
    .updateTable('users')
    .set((eb) => ({
      balance: eb
        .selectFrom('ledger_entries')
        .select((e) => e.fn.sum<number>('amount').as('s'))
        .whereRef('ledger_entries.user_id', '=', 'users.id'),
      earnings: eb
        .selectFrom('ledger_entries')
        .select((e) => e.fn.sum<number>('amount').as('s'))
        .whereRef('ledger_entries.user_id', '=', 'users.id'),
    }))
    .execute();
  // The ledger's running totals (migration 0027), as posting the entries one by one would have kept them.
  await sql`insert into ledger_totals (kind, credit, shard, entries, cents)
    select kind, case when amount > 0 then 1 else 0 end, 0, count(*), sum(amount)
    from ledger_entries
    group by kind, case when amount > 0 then 1 else 0 end`.execute(db);
  await seedEconomics(db, now);
  if (isPostgres(db)) await sql`select setval('users_id_seq', (select max(id) from users))`.execute(db);
  // A race running over the seeded transactions, for the race standings case.
  await db
    .insertInto('races')
    .values({
      name: 'Bench race',
      starts_at: new Date(now.getTime() - 3_600_000).toISOString(),
      ends_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      repeat: 'none',
      prizes: JSON.stringify([{ from: 1, to: 10, prize: 2500 }]),
      follows_id: null,
      created_at: at,
    })
    .execute();
  await db
    .insertInto('admin_sessions')
    .values({ token_hash: sha256(BENCH_ADMIN_TOKEN), created_at: at, expires_at: expires, ip: '127.0.0.1' })
    .execute();
}
