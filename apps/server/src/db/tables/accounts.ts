import type { ColumnType, Generated } from 'kysely';

/** A fresh bio sentence handed out to open a protected account, checked on the spot, used once (migration 0012). */
export interface LoginProofsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  sentence: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The Roblox id whose bio is checked when the account has none (deleted), sealed with the token (migration 0039). */
  sealed_roblox_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One Sign in with Roblox attempt: what the callback must match, used once (migration 0012). */
export interface OauthFlowsTable {
  state: string;
  code_verifier: string;
  nonce: string;
  /** The `ref` of the login page, applied if the account is created. */
  ref: string | null;
  purpose: Generated<'sign_in' | 'unprotect'>;
  /** For `unprotect`: the hash of the session that asked. */
  session_hash: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** After the callback proved the account (migration 0013): who, and the hash of the browser's one-time code. */
  user_id: number | null;
  finish_hash: string | null;
  /** When that code was traded for a session (once). */
  finished_at: string | null;
  /** Hash of the cookie set by start (migration 0021): the callback must come from that browser. */
  browser_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export type StaffRole = 'owner' | 'moderator' | 'support';

/** A named staff member of the admin console (migration 0012). */
export interface StaffTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  /** Argon2id (PHC string). */
  password_hash: string;
  role: StaffRole;
  /** The TOTP secret (sealed), set at enrolment; used only when `totp_enabled` is 1. */
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  /** The 30-second step of the last TOTP code accepted (migration 0014): an older or equal one is a replay. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON array of hashes of the unused one-time recovery codes. */
  recovery_codes: string | null;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
}

/** A wrong staff sign-in (per account and per address limits, shared by every process). */
export interface StaffLoginFailuresTable {
  id: Generated<number>;
  username_lower: string;
  ip: string;
  at: string;
}

/**
 * A browser that signed in to the admin console (migration 0023): the keyed hash of its cookie's
 * value, who signed in with it, its last sign-in, and its attempts while the site-wide brake was on
 * (`tries` since `tries_since`).
 */
export interface ConsoleBrowsersTable {
  browser_hash: string;
  /** Who signed in with it: the staff member, or null for the ADMIN_PASSWORD sign-in. */
  staff_id: number | null;
  signed_in_at: string;
  tries: Generated<number>;
  tries_since: string | null;
}

export interface AccountsTables {
  login_proofs: LoginProofsTable;
  oauth_flows: OauthFlowsTable;
  staff: StaffTable;
  staff_login_failures: StaffLoginFailuresTable;
  console_browsers: ConsoleBrowsersTable;
}
