import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../database.ts';

/**
 * Ledger entries say what they are about as data: `params` holds the names their description is made
 * of (contracts `entryParams`: wall, code, friend, giveaway…), as JSON, and the web words them in each
 * language. Entries written before carry only the English description, so this step reads the
 * parameters out of it once, kind by kind, with the shapes the server wrote; an entry of no known
 * shape keeps `params` null and is shown by its description.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ledger_entries').addColumn('params', 'text').execute();

  const pg = isPostgres(db);
  const text = (value: RawBuilder<unknown> | string) =>
    typeof value === 'string' ? sql`${sql.lit(value)}` : value;
  // A JSON object of text values (and the `true` of a flag), built by the engine so names are escaped.
  const object = (fields: Record<string, RawBuilder<unknown> | string | true | number>) => {
    const pairs = Object.entries(fields).flatMap(([k, v]) => [
      sql.lit(k),
      v === true ? (pg ? sql`true` : sql`json('true')`) : typeof v === 'number' ? sql.lit(v) : text(v),
    ]);
    return pg ? sql`json_build_object(${sql.join(pairs)})::text` : sql`json_object(${sql.join(pairs)})`;
  };
  const after = (prefix: string) => sql`substr(description, ${sql.lit(prefix.length + 1)})`;
  const before = (suffix: string) =>
    sql`substr(description, 1, length(description) - ${sql.lit(suffix.length)})`;
  const set = async (kind: string, match: RawBuilder<unknown>, params: RawBuilder<unknown>) => {
    await sql`update ledger_entries set params = ${params}
      where kind = ${kind} and params is null and ${match}`.execute(db);
  };
  const like = (pattern: string) => sql`description like ${pattern}`;
  const is = (value: string) => sql`description = ${value}`;

  await set('offer', like('% offer'), object({ wall: before(' offer') }));
  await set('survey', like('% survey'), object({ wall: before(' survey') }));
  await set('reversal', is('Referral bonus reversed'), object({ reverses: 'referral' }));
  await set(
    'reversal',
    like('% offer reversed'),
    object({ reverses: 'offer', wall: before(' offer reversed') }),
  );
  await set(
    'reversal',
    like('% survey reversed'),
    object({ reverses: 'survey', wall: before(' survey reversed') }),
  );
  await set('social', like('Followed us on %'), object({ platform: after('Followed us on ') }));
  await set(
    'social',
    like('Joined our % server'),
    object({ platform: sql`substr(description, 12, length(description) - 18)`, joined: true }),
  );
  await set('daily', is('Daily streak day 7 surprise prize'), object({ day: 7, surprise: true }));
  await set(
    'daily',
    like('Daily streak day %'),
    object({ day: sql`cast(${after('Daily streak day ')} as integer)` }),
  );
  await set('promo', like('Promo code %'), object({ code: after('Promo code ') }));
  await set('referral', like('Referral bonus from %'), object({ friend: after('Referral bonus from ') }));
  await set('giveaway', like('Giveaway won: %'), object({ giveaway: after('Giveaway won: ') }));
  await set('admin', is('Admin grant'), sql`'{}'`);
  await set('admin', like('Admin grant: %'), object({ reason: after('Admin grant: ') }));
  await set('withdrawal', is('Withdraw For Robux'), sql`'{}'`);
  await set('withdrawal_refund', is('Withdrawal refunded'), sql`'{}'`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ledger_entries').dropColumn('params').execute();
}
