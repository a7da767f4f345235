/** Which sign-in signal a row holds: the browser's device id cookie, or the caller's address. */
export type SignalKind = 'device' | 'address';

/**
 * One row per (account, signal value): the signals of its sign-ins. Values are keyed hashes
 * (HMAC-SHA256 with the server's signal key, modules/signals), never the address or cookie itself.
 */
export interface SignInSignalsTable {
  user_id: number;
  kind: SignalKind;
  value_hash: string;
  first_seen_at: string;
  last_seen_at: string;
  sign_ins: number;
  /** 1 when the account was created by the sign-in that recorded this value (MAX_ACCOUNTS_PER_DEVICE). */
  created_account: number;
}

/** Accounts that share a signal with at least one other account (the admin's "linked" filter). */
export interface LinkedUsersTable {
  user_id: number;
  linked_at: string;
}

/**
 * Referrals that count: the friend proved ownership of the Roblox account and earned R$1, and shares
 * no signal with the referrer. One row per friend; its insert is what adds to `referrals_made`.
 */
export interface QualifiedReferralsTable {
  friend_id: number;
  referrer_id: number;
  qualified_at: string;
}

/** Secrets the server makes once and keeps (e.g. `signal_hash_key`), shared by all its processes. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** Tables of sign-in signals and real referrals (migration 0009_linked_accounts). */
export interface SignalsTables {
  sign_in_signals: SignInSignalsTable;
  linked_users: LinkedUsersTable;
  qualified_referrals: QualifiedReferralsTable;
  server_secrets: ServerSecretsTable;
}
