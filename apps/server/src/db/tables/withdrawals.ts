import type { Generated } from 'kysely';
import type { WithdrawalMethod, WithdrawalStateName } from '@rewards/contracts';

/** The states and their transitions are listed once, in `withdrawalStates` (packages/contracts). */
export type WithdrawalState = WithdrawalStateName;

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  /** What the player receives, in whole R$. */
  robux: number;
  /** The debit, in hundredths of R$ (robux × 100). */
  amount: number;
  /** `gamepass` or `group` (migration 0011; older rows are gamepass). */
  method: Generated<WithdrawalMethod>;
  /** Null for a group payout. */
  gamepass_id: number | null;
  product_id: number | null;
  /** What the payout side pays: the gamepass price ceil(robux / 0.7), or robux for a group payout. */
  price: number;
  /** The Roblox account that receives the Robux: the gamepass's creator, or the group payout's recipient. */
  seller_id: number;
  /** The Roblox group transaction a group payout was found as, when it was looked up (unique). */
  payout_ref: string | null;
  state: WithdrawalState;
  /** `<user id>:<Idempotency-Key header>`, so a repeated submit returns the first result. */
  request_key: string | null;
  ledger_entry_id: number | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** Worker lease: a claim older than its lease may be taken over after a crash. */
  claimed_by: string | null;
  claimed_at: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** A pending withdrawal is not claimed before this time (back-off after an unclear purchase). */
  next_attempt_at: string | null;
  /** Purchase requests sent, counted before each is sent; bounded, then needs_review. */
  purchase_attempts: Generated<number>;
  /** JSON array of `{code, text}`: why it went to review (`in_review`); null when no rule applied. */
  review_reasons: string | null;
  /** 1: an admin chose to pay this held withdrawal although the player is banned. */
  pay_despite_ban: Generated<number>;
}

/** One row (id 1): the payout account's health and its Robux as last read (migration 0011). */
export interface PayoutAccountTable {
  id: number;
  /** `ok`, or `needs_attention` (a challenge or a refused cookie stopped every payout). */
  status: 'ok' | 'needs_attention';
  reason: string | null;
  /** When the status last changed. */
  since: string | null;
  /** When the current episode was told to Discord (once per episode). */
  alerted_at: string | null;
  /** The cookie an admin stored in the console, sealed with PAYOUT_SECRET_KEY (AES-256-GCM). */
  cookie_sealed: string | null;
  cookie_updated_at: string | null;
  /** The payout account's Robux and the group's funds as last read, and when. */
  robux: number | null;
  robux_read_at: string | null;
  group_funds: number | null;
  group_funds_read_at: string | null;
  /** Why the last read failed; null after a good one. */
  read_error: string | null;
  /** Why payouts wait for Robux (the balance cannot cover the next one); null when they don't. */
  funds_pause: string | null;
}

export interface WithdrawalsTables {
  withdrawals: WithdrawalsTable;
  payout_account: PayoutAccountTable;
}
