import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.ts';
import * as m0001 from './migrations/0001_core.ts';
import * as m0002 from './migrations/0002_admin.ts';
import * as m0003 from './migrations/0003_offers.ts';
import * as m0004 from './migrations/0004_rewards.ts';
import * as m0005 from './migrations/0005_withdrawals.ts';
import * as m0006 from './migrations/0006_name_search_order.ts';
import * as m0007 from './migrations/0007_provider_postbacks.ts';
import * as m0008 from './migrations/0008_withdrawal_review.ts';
import * as m0009 from './migrations/0009_linked_accounts.ts';
import * as m0010 from './migrations/0010_abuse_limits.ts';
import * as m0011 from './migrations/0011_payout_methods.ts';
import * as m0012 from './migrations/0012_accounts.ts';
import * as m0013 from './migrations/0013_roblox_sign_in_finish.ts';
import * as m0014 from './migrations/0014_staff_totp_step.ts';
import * as m0015 from './migrations/0015_account_deletion.ts';
import * as m0016 from './migrations/0016_live_feed.ts';
import * as m0017 from './migrations/0017_money_functions.ts';
import * as m0018 from './migrations/0018_ledger_notify_dropped.ts';
import * as m0019 from './migrations/0019_postback_batches.ts';
import * as m0020 from './migrations/0020_claim_batches.ts';
import * as m0021 from './migrations/0021_session_proof.ts';
import * as m0022 from './migrations/0022_retired_roblox_ids.ts';
import * as m0023 from './migrations/0023_console_browsers.ts';
import * as m0024 from './migrations/0024_money_functions_dropped.ts';
import * as m0025 from './migrations/0025_ledger_entry_params.ts';
import * as m0027 from './migrations/0027_ledger_totals.ts';

/**
 * Migrations are listed here, in order, rather than read from a folder at run time,
 * so the list is checked by the compiler and works however the server is packaged.
 */
const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_admin': m0002,
  '0003_offers': m0003,
  '0004_rewards': m0004,
  '0005_withdrawals': m0005,
  '0006_name_search_order': m0006,
  '0007_provider_postbacks': m0007,
  '0008_withdrawal_review': m0008,
  '0009_linked_accounts': m0009,
  '0010_abuse_limits': m0010,
  '0011_payout_methods': m0011,
  '0012_accounts': m0012,
  '0013_roblox_sign_in_finish': m0013,
  '0014_staff_totp_step': m0014,
  '0015_account_deletion': m0015,
  '0016_live_feed': m0016,
  '0017_money_functions': m0017,
  '0018_ledger_notify_dropped': m0018,
  '0019_postback_batches': m0019,
  '0020_claim_batches': m0020,
  '0021_session_proof': m0021,
  '0022_retired_roblox_ids': m0022,
  '0023_console_browsers': m0023,
  '0024_money_functions_dropped': m0024,
  '0025_ledger_entry_params': m0025,
  '0027_ledger_totals': m0027,
};

/** Every migration in order (tests migrate to a given one to check how data is carried across). */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Database): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
