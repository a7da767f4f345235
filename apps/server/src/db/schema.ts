import type { ColumnType, Generated } from 'kysely';
import type { AccountsTables } from './tables/accounts.ts';
import type { EconomicsTables } from './tables/economics.ts';
import type { JobsTables } from './tables/jobs.ts';
import type { LevelsTables } from './tables/levels.ts';
import type { OffersTables } from './tables/offers.ts';
import type { RacesTables } from './tables/races.ts';
import type { RewardsTables } from './tables/rewards.ts';
import type { SignalsTables } from './tables/signals.ts';
import type { WithdrawalsTables } from './tables/withdrawals.ts';
import { columnsOf } from './columns.ts';

/**
 * Table types. Money columns are integer hundredths of R$ ("cents"); times are ISO-8601 UTC
 * strings so both engines store, compare and group them the same way.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  display_name: string;
  roblox_id: number;
  balance: Generated<number>;
  earnings: Generated<number>;
  status: Generated<'active' | 'banned'>;
  verified: Generated<number>;
  verification_code: string | null;
  offers_completed: Generated<number>;
  referred_by: number | null;
  referrals_made: Generated<number>;
  referrals_earned: Generated<number>;
  joined_at: string;
  /** 1: signing in by typing the name needs proof of ownership (migration 0012). */
  protected: Generated<number>;
  /** When the account was deleted and pseudonymised (migration 0015); null: a live account. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** What of the balance given up with a deletion still covers later reversals, hundredths (migration 0039). */
  forfeit_cover: Generated<number>;
  /** The last forfeit's ledger entry: the cover takes reversals of entries before it only (migration 0039). */
  forfeit_cover_through: Generated<number>;
  /** When this friend was first seen sharing a signal with its referrer: its referral never pays (migration 0040). */
  referral_linked_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** How the referrer was attributed (migration 0021): `bio`, `roblox` or `before_rule`. */
  referral_via: ColumnType<ReferralVia | null, ReferralVia | null | undefined, ReferralVia | null>;
}

export type ReferralVia = 'bio' | 'roblox' | 'before_rule';

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** This session's bio-verification sentence (migration 0010): another session's Refresh leaves it. */
  verification_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** How it was opened: `name` (typed), `bio` (a fresh sentence checked) or `roblox` (Sign in with Roblox). */
  proof: ColumnType<
    'name' | 'bio' | 'roblox' | null,
    'name' | 'bio' | 'roblox' | null | undefined,
    'name' | 'bio' | 'roblox' | null
  >;
  /** The browser that opened it (first 200 characters), for the player's list of sessions. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** When this session last proved ownership (migration 0021); null: never (a typed name). */
  proven_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The referrer whose link this browser came with; applied only if this session proves the account. */
  ref_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The keyed hashes of the device id and address it was opened from (migration 0038); recorded on proof. */
  device_hash: ColumnType<string | null, string | null | undefined, string | null>;
  address_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

import type { LedgerKind } from '@rewards/contracts';

export { earningKinds, ledgerKinds, type LedgerKind } from '@rewards/contracts';

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  kind: LedgerKind;
  idempotency_key: string;
  description: string;
  created_at: string;
  meta: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the entry is about, as JSON (contracts `entryParams`); null on an old entry of no known shape. */
  params: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The ledger counted and summed by kind, sign and shard, kept up to date with every entry posted
 * (migration 0027): the site's money figures without reading every entry.
 */
export interface LedgerTotalsTable {
  kind: LedgerKind;
  /** 1 for entries with a positive amount, 0 for the others. */
  credit: number;
  shard: number;
  entries: number;
  /** Hundredths of R$, signed. */
  cents: number;
  /** What these entries moved the sum of the balances below zero by (0 or negative, mostly 0). */
  negative_cents: number;
}

export const LEDGER_ENTRY_COLUMNS = columnsOf<LedgerEntriesTable>({
  id: true,
  user_id: true,
  amount: true,
  kind: true,
  idempotency_key: true,
  description: true,
  created_at: true,
  meta: true,
  params: true,
});

export interface AdminSessionsTable {
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  /** The staff member signed in; null: the ADMIN_PASSWORD bootstrap owner (migration 0012). */
  staff_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A wrong admin password (any address): the site-wide count of migration 0010. Pruned after 10 minutes. */
export interface AdminLoginFailuresTable {
  id: Generated<number>;
  at: string;
  ip: string;
}

/** One row (id 1): when the owner was alerted of the current episode of wrong admin passwords. */
export interface AdminLoginGuardTable {
  id: number;
  alerted_at: string | null;
  /** When the last caller took the one attempt a back-off's end lets through. */
  slot_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor: string;
  action: string;
  target: string;
  before: string | null;
  after: string | null;
  created_at: string;
}

/**
 * Each feature declares its tables in `db/tables/<feature>.ts`; the database type is their union.
 */
export interface DB
  extends
    OffersTables,
    RewardsTables,
    WithdrawalsTables,
    SignalsTables,
    AccountsTables,
    JobsTables,
    EconomicsTables,
    RacesTables,
    LevelsTables {
  users: UsersTable;
  sessions: SessionsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_totals: LedgerTotalsTable;
  admin_sessions: AdminSessionsTable;
  admin_login_failures: AdminLoginFailuresTable;
  admin_login_guard: AdminLoginGuardTable;
  audit_log: AuditLogTable;
}
