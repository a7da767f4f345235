import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

/**
 * `rewards_claim_dailies`: several daily claims (migration 0017's `rewards_claim_daily`, unchanged) in
 * one call, as migration 0019 does for postbacks (docs/decisions/0020): its players and their
 * referrers locked first, in id order; answered item by item; any error undoes the whole call and the
 * server claims each on its own.
 */
const CLAIM_DAILIES = sql`
create or replace function rewards_claim_dailies(p_items jsonb, p_threshold bigint, p_percent numeric)
returns table (item integer, outcome text, day integer, amount bigint, balance_after bigint)
language plpgsql as $$
declare
  x record;
  r record;
begin
  perform rewards_lock_players(array(select (e->>'user_id')::integer from jsonb_array_elements(p_items) e));
  for x in
    select * from jsonb_to_recordset(p_items) as t(
      i integer, user_id integer, today text, yesterday text, at text, days integer,
      day_reward bigint, surprise_reward bigint, description text, surprise_description text)
    order by t.user_id, t.i
  loop
    select * into r from rewards_claim_daily(
      x.user_id, x.today, x.yesterday, x.at, x.days, x.day_reward, x.surprise_reward, x.description,
      x.surprise_description, p_threshold, p_percent);
    item := x.i;
    outcome := r.outcome;
    day := r.day;
    amount := r.amount;
    balance_after := r.balance_after;
    return next;
  end loop;
end $$`;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await CLAIM_DAILIES.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists rewards_claim_dailies(jsonb, bigint, numeric)`.execute(db);
}
