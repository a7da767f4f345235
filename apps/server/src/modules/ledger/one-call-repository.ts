// Calls of the PostgreSQL money functions (migration 0017, docs/decisions/0015): each is one
// statement, so one round trip and a transaction of its own.
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { prepared } from '../../db/prepared.ts';
import type { Db } from '../../db/database.ts';

/** A call of fixed shape for `prepared`: its SQL text is compiled once and run as a named statement. */
const callOf =
  <Row>(text: (args: unknown[]) => RawBuilder<Row>) =>
  (db: Kysely<any>, ...args: unknown[]) => ({
    compile: (): CompiledQuery<Row> => text(args).compile(db),
  });

const list = (args: unknown[]) =>
  sql.join(
    args.map((a) => sql`${a}`),
    sql`, `,
  );

export interface EarningCall {
  applied: boolean;
  entry_id: number;
  balance_after: number;
}

export const creditEarningCall = prepared(
  callOf<EarningCall>(
    (args) => sql`select applied, entry_id, balance_after from rewards_credit_earning(${list(args)})`,
  ) as (
    db: Db,
    userId: number,
    amount: number,
    kind: string,
    key: string,
    description: string,
    now: string,
    meta: string | null,
    earningsDelta: number,
    threshold: number,
    percent: number,
  ) => { compile(): CompiledQuery<EarningCall> },
);

export interface PostbackCall {
  verdict: string;
  ledger_entry: number | null;
  postback_id: number;
}

export const creditPostbackCall = prepared(
  callOf<PostbackCall>(
    (args) => sql`select verdict, ledger_entry, postback_id from rewards_credit_postback(${list(args)})`,
  ) as (
    db: Db,
    userId: number,
    wallSlug: string,
    transId: string,
    kind: string,
    amount: number,
    description: string,
    state: string,
    releaseAt: string | null,
    now: string,
    key: string,
    meta: string,
    earningsDelta: number,
    threshold: number,
    percent: number,
    action: string | null,
    params: string,
    signature: string | null,
    rawUrl: string | null,
    ip: string | null,
    reason: string | null,
  ) => { compile(): CompiledQuery<PostbackCall> },
);

export interface DailyCall {
  outcome: string;
  day: number | null;
  amount: number | null;
  balance_after: number | null;
}

export const claimDailyCall = prepared(
  callOf<DailyCall>(
    (args) => sql`select outcome, day, amount, balance_after from rewards_claim_daily(${list(args)})`,
  ) as (
    db: Db,
    userId: number,
    today: string,
    yesterday: string,
    at: string,
    days: number,
    dayReward: number,
    surpriseReward: number,
    description: string,
    surpriseDescription: string,
    threshold: number,
    percent: number,
  ) => { compile(): CompiledQuery<DailyCall> },
);

export interface PromoCall {
  outcome: string;
  amount: number | null;
  balance_after: number | null;
}

export const redeemPromoCall = prepared(
  callOf<PromoCall>(
    (args) => sql`select outcome, amount, balance_after from rewards_redeem_promo(${list(args)})`,
  ) as (
    db: Db,
    userId: number,
    code: string,
    now: string,
    threshold: number,
    percent: number,
  ) => { compile(): CompiledQuery<PromoCall> },
);

export interface WithdrawalCall {
  outcome: string;
  withdrawal_id: number | null;
  balance_after: number | null;
}

export const requestWithdrawalCall = prepared(
  callOf<WithdrawalCall>(
    (args) =>
      sql`select outcome, withdrawal_id, balance_after from rewards_request_withdrawal(${list(args)})`,
  ) as (
    db: Db,
    userId: number,
    method: string,
    robux: number,
    amount: number,
    gamepassId: number | null,
    productId: number | null,
    price: number,
    sellerId: number,
    state: string,
    reviewReasons: string | null,
    requestKey: string | null,
    now: string,
    description: string,
    metaRest: string,
  ) => { compile(): CompiledQuery<WithdrawalCall> },
);

export interface PostbackBatchRow extends PostbackCall {
  item: number;
}

/** Several postback credits in one call (migration 0019); `items` is their JSON array. */
export const creditPostbacksCall = prepared(
  callOf<PostbackBatchRow>(
    (args) =>
      sql`select item, verdict, ledger_entry, postback_id from rewards_credit_postbacks(${list(args)})`,
  ) as (
    db: Db,
    items: string,
    threshold: number,
    percent: number,
  ) => { compile(): CompiledQuery<PostbackBatchRow> },
);

export interface DailyBatchRow extends DailyCall {
  item: number;
}

/** Several daily claims in one call (migration 0020); `items` is their JSON array. */
export const claimDailiesCall = prepared(
  callOf<DailyBatchRow>(
    (args) => sql`select item, outcome, day, amount, balance_after from rewards_claim_dailies(${list(args)})`,
  ) as (
    db: Db,
    items: string,
    threshold: number,
    percent: number,
  ) => { compile(): CompiledQuery<DailyBatchRow> },
);
