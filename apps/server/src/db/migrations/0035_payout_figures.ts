import { sql, type Kysely } from 'kysely';

/**
 * Robux paid out join the economics rollup (source `payout`, name the method, `events` payments and
 * `cents` the Robux times 100), counted from now on by the write that marks a withdrawal paid; the
 * withdrawals paid before are added here, by the quarter hour they were paid in.
 *
 * `down` takes them out again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into economics_quarters (hour, quarter, source, name, shard, events, cents)
    select substr(paid_at, 1, 13), cast(substr(paid_at, 15, 2) as integer) / 15, 'payout', method, 0,
      count(*), sum(price) * 100
    from withdrawals
    where state = 'paid' and paid_at is not null
    group by substr(paid_at, 1, 13), cast(substr(paid_at, 15, 2) as integer) / 15, method`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('economics_quarters').where('source', '=', 'payout').execute();
  await db.deleteFrom('economics_days').where('source', '=', 'payout').execute();
}
