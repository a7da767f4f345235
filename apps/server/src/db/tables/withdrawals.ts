import type { Generated } from 'kysely';
import type { WithdrawalStateName } from '@rewards/contracts';

/** The states and their transitions are listed once, in `withdrawalStates` (packages/contracts). */
export type WithdrawalState = WithdrawalStateName;

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  /** What the player receives, in whole R$. */
  robux: number;
  /** The debit, in hundredths of R$ (robux × 100). */
  amount: number;
  gamepass_id: number;
  product_id: number | null;
  /** The gamepass price the payout account pays: ceil(robux / 0.7). */
  price: number;
  seller_id: number;
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

export interface WithdrawalsTables {
  withdrawals: WithdrawalsTable;
}
