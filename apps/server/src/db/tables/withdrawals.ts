import type { Generated } from 'kysely';

/**
 * pending → purchasing → paid | refunded | needs_review (and needs_review → paid | refunded by an admin).
 * In manual payout mode an admin moves pending → paid, or → refunded when rejecting.
 */
export type WithdrawalState = 'pending' | 'purchasing' | 'paid' | 'refunded' | 'needs_review';

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
}

export interface WithdrawalsTables {
  withdrawals: WithdrawalsTable;
}
