import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

/*
 * PostgreSQL functions that run a money write in one call (docs/decisions/0015): a postback credit
 * with its record, an earning credit (social), a daily claim, a promo redemption and a withdrawal
 * request. Each call is one statement, so one round trip and its own transaction; a refusal after a
 * write raises, which rolls the whole statement back. They follow the TypeScript steps the SQLite path
 * runs (modules/ledger, offers/credits, rewards, withdrawals) and take the same row locks in the same
 * order (the player, then the referrer). Every value the server decides (times, amounts, keys, texts)
 * is passed in; the functions decide only what depends on the rows they read under those locks.
 *
 * Refusals raised: RW001 insufficient balance, RW002 no such user, RW003 refused with the reason as
 * the message (the caller's answer, e.g. `already`).
 *
 * SQLite has no functions: its path is the TypeScript steps, where a round trip costs nothing.
 */

/** `post()` of modules/ledger/service.ts: the entry once per key, then the balance. */
const POST = sql`
create or replace function rewards_post(
  p_user integer, p_amount bigint, p_kind text, p_key text, p_description text, p_created_at text,
  p_meta text, p_earnings_delta bigint, p_offers_delta integer, p_allow_negative boolean,
  out applied boolean, out entry_id integer, out balance_after bigint, out earnings_after bigint,
  out referrer integer)
language plpgsql as $$
begin
  insert into ledger_entries (user_id, amount, kind, idempotency_key, description, created_at, meta)
  values (p_user, p_amount, p_kind, p_key, p_description, p_created_at, p_meta)
  on conflict (idempotency_key) do nothing
  returning id into entry_id;
  if entry_id is null then
    applied := false;
    select l.id into entry_id from ledger_entries l where l.idempotency_key = p_key;
    select u.balance into balance_after from users u where u.id = p_user;
    balance_after := coalesce(balance_after, 0);
    return;
  end if;
  applied := true;
  if p_amount > 0 or p_allow_negative then
    update users u
    set balance = u.balance + p_amount, earnings = u.earnings + p_earnings_delta,
        offers_completed = u.offers_completed + p_offers_delta
    where u.id = p_user
    returning u.balance, u.earnings, u.referred_by into balance_after, earnings_after, referrer;
    if not found then raise exception 'User not found.' using errcode = 'RW002'; end if;
  else
    -- The conditional debit: it matches only while the balance covers the amount.
    update users u
    set balance = u.balance + p_amount, earnings = u.earnings + p_earnings_delta
    where u.id = p_user and u.balance >= -p_amount
    returning u.balance, u.earnings, u.referred_by into balance_after, earnings_after, referrer;
    if not found then raise exception 'Insufficient balance.' using errcode = 'RW001'; end if;
  end if;
end $$`;

/** `payReferralCommissions()` of modules/ledger/earnings.ts. */
const PAY_REFERRALS = sql`
create or replace function rewards_pay_referrals(
  p_user integer, p_earnings bigint, p_referrer integer, p_threshold bigint, p_percent numeric,
  p_now text)
returns void
language plpgsql as $$
declare
  f record;
  c record;
  commission bigint;
  paid record;
begin
  if p_referrer is null or p_earnings < p_threshold then return; end if;
  select fu.username, fu.verified, r.status as referrer_status, q.friend_id as qualified into f
  from users fu
  left join users r on r.id = fu.referred_by
  left join qualified_referrals q on q.friend_id = fu.id
  where fu.id = p_user;
  if not found or f.verified <> 1 then return; end if;
  if exists (
    select 1 from sign_in_signals s
    join sign_in_signals o on o.kind = s.kind and o.value_hash = s.value_hash
    where s.user_id = p_user and o.user_id = p_referrer
  ) then return; end if;
  if f.qualified is null then
    insert into qualified_referrals (friend_id, referrer_id, qualified_at)
    values (p_user, p_referrer, p_now)
    on conflict (friend_id) do nothing;
    if found then
      update users set referrals_made = referrals_made + 1 where id = p_referrer;
    end if;
  end if;
  if p_percent <= 0 or f.referrer_status = 'banned' then return; end if;
  for c in
    select t.credit_entry_id, t.amount from offer_transactions t
    where t.user_id = p_user and t.state = 'credited' and t.credit_entry_id is not null
      and not exists (
        select 1 from ledger_entries l where l.idempotency_key = 'referral:' || t.credit_entry_id
      )
    order by t.credit_entry_id
  loop
    commission := floor(c.amount * p_percent / 100);
    continue when commission <= 0;
    perform 1 from users where id = p_referrer for update;
    select * into paid from rewards_post(
      p_referrer, commission, 'referral', 'referral:' || c.credit_entry_id,
      'Referral bonus from ' || f.username, p_now,
      '{"friend":' || p_user || ',"creditEntryId":' || c.credit_entry_id || '}',
      commission, 0, false);
    if paid.applied then
      update users
      set referrals_earned = case when referrals_earned + commission < 0 then 0
                                  else referrals_earned + commission end
      where id = p_referrer;
    end if;
  end loop;
end $$`;

/** `creditEarning()` of modules/ledger/earnings.ts: a credit and the commissions it unlocks. */
const CREDIT_EARNING = sql`
create or replace function rewards_credit_earning(
  p_user integer, p_amount bigint, p_kind text, p_key text, p_description text, p_now text,
  p_meta text, p_earnings_delta bigint, p_threshold bigint, p_percent numeric,
  out applied boolean, out entry_id integer, out balance_after bigint)
language plpgsql as $$
declare
  r record;
begin
  select * into r from rewards_post(
    p_user, p_amount, p_kind, p_key, p_description, p_now, p_meta, p_earnings_delta, 0, false);
  if r.applied then
    perform rewards_pay_referrals(p_user, r.earnings_after, r.referrer, p_threshold, p_percent, p_now);
  end if;
  applied := r.applied;
  entry_id := r.entry_id;
  balance_after := r.balance_after;
end $$`;

/**
 * `creditTransaction()` of offers/credits/service.ts and the postback's record (offers/postbacks),
 * in one call: the guard row, the credit, the commissions and the record of the postback.
 */
const CREDIT_POSTBACK = sql`
create or replace function rewards_credit_postback(
  p_user integer, p_wall text, p_trans_id text, p_kind text, p_amount bigint, p_description text,
  p_state text, p_release_at text, p_now text, p_key text, p_meta text, p_earnings_delta bigint,
  p_threshold bigint, p_percent numeric,
  p_action text, p_params text, p_signature text, p_raw_url text, p_ip text, p_reason text,
  out verdict text, out ledger_entry integer, out postback_id integer)
language plpgsql as $$
declare
  guard integer;
  existing record;
  r record;
begin
  perform 1 from users where id = p_user for update;
  insert into offer_transactions (wall_slug, trans_id, user_id, kind, amount, description, state,
    release_at, credit_entry_id, reversal_entry_id, created_at, updated_at)
  values (p_wall, p_trans_id, p_user, p_kind, p_amount, p_description, p_state, p_release_at,
    null, null, p_now, p_now)
  on conflict (wall_slug, trans_id) do nothing
  returning id into guard;
  if guard is null then
    select t.id, t.amount, t.credit_entry_id into existing
    from offer_transactions t where t.wall_slug = p_wall and t.trans_id = p_trans_id;
    verdict := 'duplicate';
    ledger_entry := existing.credit_entry_id;
    if existing.amount is null then
      update offer_transactions set amount = p_amount, updated_at = p_now
      where id = existing.id and amount is null;
      if found then
        verdict := 'already_reversed';
        ledger_entry := null;
      end if;
    end if;
  elsif p_state = 'held' then
    verdict := 'on_hold';
  else
    select * into r from rewards_post(
      p_user, p_amount, p_kind, p_key, p_description, p_now, p_meta, p_earnings_delta, 1, false);
    update offer_transactions set credit_entry_id = r.entry_id, updated_at = p_now where id = guard;
    if r.applied then
      perform rewards_pay_referrals(p_user, r.earnings_after, r.referrer, p_threshold, p_percent, p_now);
    end if;
    verdict := 'credited';
    ledger_entry := r.entry_id;
  end if;
  insert into postbacks (wall_slug, trans_id, user_id, action, params, signature, raw_url, ip,
    verdict, amount, reason, ledger_entry_id, created_at)
  values (p_wall, p_trans_id, p_user, p_action, p_params, p_signature, p_raw_url, p_ip,
    verdict, p_amount, p_reason, ledger_entry, p_now)
  returning id into postback_id;
end $$`;

/**
 * `claimStreak()` of rewards/streak: the streak moves from the state read, and the day's credit.
 * A claim today already made answers `already` (nothing written); a credit whose key was taken
 * under another streak state raises, undoing the streak's move.
 */
const CLAIM_DAILY = sql`
create or replace function rewards_claim_daily(
  p_user integer, p_today text, p_yesterday text, p_at text, p_days integer, p_day_reward bigint,
  p_surprise_reward bigint, p_description text, p_surprise_description text, p_threshold bigint,
  p_percent numeric,
  out outcome text, out day integer, out amount bigint, out balance_after bigint)
language plpgsql as $$
declare
  s record;
  r record;
  next_day integer;
  reward bigint;
begin
  select st.day, st.last_claim_day into s from streaks st where st.user_id = p_user;
  if not found then
    next_day := 1;
    insert into streaks (user_id, day, last_claim_day, updated_at) values (p_user, 1, p_today, p_at)
    on conflict (user_id) do nothing;
  elsif s.last_claim_day = p_today then
    outcome := 'already';
    return;
  else
    next_day := case when s.last_claim_day = p_yesterday and s.day < p_days then s.day + 1 else 1 end;
    -- Only from the state read: a concurrent claim that got there first makes this match nothing.
    update streaks st set day = next_day, last_claim_day = p_today, updated_at = p_at
    where st.user_id = p_user and st.day = s.day and st.last_claim_day = s.last_claim_day;
  end if;
  if not found then
    outcome := 'already';
    return;
  end if;
  reward := case when next_day = p_days then p_surprise_reward else p_day_reward end;
  select * into r from rewards_credit_earning(
    p_user, reward, 'daily', 'daily:' || p_user || ':' || p_today,
    case when next_day = p_days then p_surprise_description else p_description || next_day end, p_at,
    '{"day":' || next_day || ',"date":' || to_json(p_today)::text || '}', reward, p_threshold,
    p_percent);
  if not r.applied then raise exception 'already' using errcode = 'RW003'; end if;
  outcome := 'claimed';
  day := next_day;
  amount := reward;
  balance_after := r.balance_after;
end $$`;

/**
 * `redeemPromoCode()` of rewards/promocodes: refusals before any write answer as `outcome`; one
 * found after the use was taken raises, undoing it.
 */
const REDEEM_PROMO = sql`
create or replace function rewards_redeem_promo(
  p_user integer, p_code text, p_now text, p_threshold bigint, p_percent numeric,
  out outcome text, out amount bigint, out balance_after bigint)
language plpgsql as $$
declare
  c record;
  r record;
begin
  select pc.id, pc.code, pc.amount, pc.active, pc.expires_at, pc.max_uses, pc.uses into c
  from promo_codes pc where pc.code = p_code;
  if not found or c.active <> 1 then outcome := 'invalid'; return; end if;
  if exists (select 1 from promo_redemptions pr where pr.code_id = c.id and pr.user_id = p_user) then
    outcome := 'already'; return;
  end if;
  update promo_codes pc set uses = pc.uses + 1
  where pc.id = c.id and pc.active = 1
    and (pc.max_uses is null or pc.uses < pc.max_uses)
    and (pc.expires_at is null or pc.expires_at > p_now)
  returning pc.active, pc.expires_at, pc.max_uses, pc.uses into c.active, c.expires_at, c.max_uses, c.uses;
  if not found then
    -- Why it could not be taken, from the row as it is now (another redemption or an admin acted).
    select pc.active, pc.expires_at, pc.max_uses, pc.uses into c.active, c.expires_at, c.max_uses, c.uses
    from promo_codes pc where pc.id = c.id;
    outcome := case
      when c.active <> 1 then 'invalid'
      when c.expires_at is not null and c.expires_at <= p_now then 'expired'
      else 'used_up' end;
    return;
  end if;
  insert into promo_redemptions (code_id, user_id, created_at) values (c.id, p_user, p_now)
  on conflict (code_id, user_id) do nothing;
  if not found then raise exception 'already' using errcode = 'RW003'; end if;
  select * into r from rewards_credit_earning(
    p_user, c.amount, 'promo', 'promo:' || c.id || ':' || p_user, 'Promo code ' || c.code, p_now,
    '{"codeId":' || c.id || ',"code":' || to_json(c.code)::text || '}', c.amount, p_threshold,
    p_percent);
  if not r.applied then raise exception 'already' using errcode = 'RW003'; end if;
  outcome := 'redeemed';
  amount := c.amount;
  balance_after := r.balance_after;
end $$`;

/**
 * `requestWithdrawal()`'s transaction (modules/withdrawals): the row unless a unique key is taken,
 * then the conditional debit, which raises RW001 (undoing the row) when the balance does not cover it.
 */
const REQUEST_WITHDRAWAL = sql`
create or replace function rewards_request_withdrawal(
  p_user integer, p_method text, p_robux integer, p_amount bigint, p_gamepass_id bigint,
  p_product_id bigint, p_price integer, p_seller_id bigint, p_state text, p_review_reasons text,
  p_request_key text, p_now text, p_description text, p_meta_rest text,
  out outcome text, out withdrawal_id integer, out balance_after bigint)
language plpgsql as $$
declare
  r record;
begin
  insert into withdrawals (user_id, method, robux, amount, gamepass_id, product_id, price, seller_id,
    state, review_reasons, request_key, created_at, updated_at)
  values (p_user, p_method, p_robux, p_amount, p_gamepass_id, p_product_id, p_price, p_seller_id,
    p_state, p_review_reasons, p_request_key, p_now, p_now)
  on conflict do nothing
  returning id into withdrawal_id;
  if withdrawal_id is null then
    outcome := case when p_request_key is not null
      and exists (select 1 from withdrawals w where w.request_key = p_request_key)
      then 'repeat' else 'in_use' end;
    return;
  end if;
  select * into r from rewards_post(
    p_user, -p_amount, 'withdrawal', 'withdrawal:' || withdrawal_id, p_description, p_now,
    '{"withdrawalId":' || withdrawal_id || ',' || p_meta_rest, 0, 0, false);
  update withdrawals set ledger_entry_id = r.entry_id where id = withdrawal_id;
  outcome := 'created';
  balance_after := r.balance_after;
end $$`;

const FUNCTIONS = [
  POST,
  PAY_REFERRALS,
  CREDIT_EARNING,
  CREDIT_POSTBACK,
  CLAIM_DAILY,
  REDEEM_PROMO,
  REQUEST_WITHDRAWAL,
];

const SIGNATURES = [
  'rewards_request_withdrawal(integer, text, integer, bigint, bigint, bigint, integer, bigint, text, text, text, text, text, text)',
  'rewards_redeem_promo(integer, text, text, bigint, numeric)',
  'rewards_claim_daily(integer, text, text, text, integer, bigint, bigint, text, text, bigint, numeric)',
  'rewards_credit_postback(integer, text, text, text, bigint, text, text, text, text, text, text, bigint, bigint, numeric, text, text, text, text, text, text)',
  'rewards_credit_earning(integer, bigint, text, text, text, text, text, bigint, bigint, numeric)',
  'rewards_pay_referrals(integer, bigint, integer, bigint, numeric, text)',
  'rewards_post(integer, bigint, text, text, text, text, text, bigint, integer, boolean)',
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const fn of FUNCTIONS) await fn.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const signature of SIGNATURES) await sql.raw(`drop function if exists ${signature}`).execute(db);
}
