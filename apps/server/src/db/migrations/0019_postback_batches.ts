import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

/**
 * `rewards_credit_postbacks`: several postback credits (migration 0017's `rewards_credit_postback`,
 * unchanged) in one call, so one round trip and one commit for the postbacks a server process
 * receives together (docs/decisions/0020). The call first locks every player of the group, then their
 * referrers, each set in id order (`rewards_lock_players`), so two groups, or a group and a single
 * call, never hold each other's rows in opposite orders (a referrer who is also a player elsewhere
 * still can; PostgreSQL then aborts one call and the server sends it again). Any error undoes the
 * whole call; the server then credits each item on its own, so one bad item never costs the others
 * their credit.
 */
const LOCK_PLAYERS = sql`
create or replace function rewards_lock_players(p_users integer[])
returns void
language plpgsql as $$
begin
  perform 1 from users u where u.id = any(p_users) order by u.id for update;
  perform 1 from users u
  where u.id in (select r.referred_by from users r where r.id = any(p_users))
  order by u.id for update;
end $$`;

const CREDIT_POSTBACKS = sql`
create or replace function rewards_credit_postbacks(p_items jsonb, p_threshold bigint, p_percent numeric)
returns table (item integer, verdict text, ledger_entry integer, postback_id integer)
language plpgsql as $$
declare
  x record;
  r record;
begin
  perform rewards_lock_players(array(select (e->>'user_id')::integer from jsonb_array_elements(p_items) e));
  for x in
    select * from jsonb_to_recordset(p_items) as t(
      i integer, user_id integer, wall text, trans_id text, kind text, amount bigint,
      description text, state text, release_at text, now text, key text, meta text,
      action text, params text, signature text, raw_url text, ip text, reason text)
    order by t.user_id, t.i
  loop
    select * into r from rewards_credit_postback(
      x.user_id, x.wall, x.trans_id, x.kind, x.amount, x.description, x.state, x.release_at, x.now,
      x.key, x.meta, x.amount, p_threshold, p_percent,
      x.action, x.params, x.signature, x.raw_url, x.ip, x.reason);
    item := x.i;
    verdict := r.verdict;
    ledger_entry := r.ledger_entry;
    postback_id := r.postback_id;
    return next;
  end loop;
end $$`;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await LOCK_PLAYERS.execute(db);
  await CREDIT_POSTBACKS.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function if exists rewards_credit_postbacks(jsonb, bigint, numeric)`.execute(db);
  await sql`drop function if exists rewards_lock_players(integer[])`.execute(db);
}
