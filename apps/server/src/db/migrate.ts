import {
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  NO_MIGRATIONS,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResult,
} from 'kysely';
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
import * as m0026 from './migrations/0026_task_runs.ts';
import * as m0027 from './migrations/0027_ledger_totals.ts';
import * as m0028 from './migrations/0028_walls_open_when_ready.ts';
import * as m0029 from './migrations/0029_checkable_draws.ts';
import * as m0030 from './migrations/0030_economics.ts';
import * as m0031 from './migrations/0031_levels.ts';
import * as m0032 from './migrations/0032_races.ts';
import * as m0033 from './migrations/0033_race_changes.ts';
import * as m0034 from './migrations/0034_level_reward_sweeps.ts';
import * as m0035 from './migrations/0035_payout_figures.ts';
import * as m0036 from './migrations/0036_economics_settled.ts';
import * as m0037 from './migrations/0037_balance_updates_in_place.ts';
import * as m0038 from './migrations/0038_session_signals.ts';
import * as m0039 from './migrations/0039_retired_account.ts';
import * as m0040 from './migrations/0040_linked_referrals.ts';

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
  '0026_task_runs': m0026,
  '0027_ledger_totals': m0027,
  '0028_walls_open_when_ready': m0028,
  '0029_checkable_draws': m0029,
  '0030_economics': m0030,
  '0031_levels': m0031,
  '0032_races': m0032,
  '0033_race_changes': m0033,
  '0034_level_reward_sweeps': m0034,
  '0035_payout_figures': m0035,
  '0036_economics_settled': m0036,
  '0037_balance_updates_in_place': m0037,
  '0038_session_signals': m0038,
  '0039_retired_account': m0039,
  '0040_linked_referrals': m0040,
};

/** Every migration in order (tests migrate to a given one to check how data is carried across). */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations' names, in order (`0001_core`, …). */
export const migrationNames: readonly string[] = Object.keys(migrations);

/** The command that brings a database to the schema of this build (named in production's refusal). */
export const MIGRATE_COMMAND = 'npm run migrate';

function migrator(db: Database): Migrator {
  return new Migrator({ db, provider: migrationProvider });
}

function outcome(set: { error?: unknown; results?: MigrationResult[] }): MigrationResult[] {
  const failed = set.results?.find((r) => r.status === 'Error');
  if (set.error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(set.error)}`);
  }
  return set.results ?? [];
}

export async function migrateToLatest(db: Database): Promise<MigrationResult[]> {
  return outcome(await migrator(db).migrateToLatest());
}

/**
 * The migration a `--to` names: its number (`23`, `0023`) or its whole name (`0023_console_browsers`);
 * `0` is the empty schema (every migration undone). Anything else throws, listing the choices.
 */
export function migrationNamed(target: string): string | null {
  if (/^0+$/.test(target)) return null;
  const found = migrationNames.find(
    (name) => name === target || (/^\d+$/.test(target) && Number(name.slice(0, 4)) === Number(target)),
  );
  if (!found) {
    throw new Error(
      `No migration "${target}": give a number from 0 (empty) to ${Number(migrationNames.at(-1)!.slice(0, 4))}, ` +
        `or a name (${migrationNames.at(0)} … ${migrationNames.at(-1)})`,
    );
  }
  return found;
}

/**
 * Migrates up or down to `target` (a name from `migrationNames`, or null for the empty schema). Going
 * down runs each later migration's `down()`, newest first.
 */
export async function migrateTo(db: Database, target: string | null): Promise<MigrationResult[]> {
  return outcome(await migrator(db).migrateTo(target ?? NO_MIGRATIONS));
}

export interface SchemaState {
  /** Migrations of this build not yet run on the database, in order. */
  pending: string[];
  /** Migrations the database ran that this build does not know (a newer build migrated it). */
  unknown: string[];
}

export async function schemaState(db: Database): Promise<SchemaState> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const applied = tables.some((t) => t.name === DEFAULT_MIGRATION_TABLE)
    ? (await (db as Kysely<any>).selectFrom(DEFAULT_MIGRATION_TABLE).select('name').execute()).map(
        (row: { name: string }) => row.name,
      )
    : [];
  return {
    pending: migrationNames.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !migrationNames.includes(name)).sort(),
  };
}

/**
 * The schema a server process starts on. In production migrations are a step of their own
 * (`npm run migrate`, run before the new build starts), so the server only checks that the database
 * is at exactly this build's latest migration and refuses to start otherwise: serving on a schema
 * that is behind fails requests at random, and one a newer build migrated may hold data this build
 * would misread. Development and tests migrate to the latest step here.
 */
export async function prepareSchema(
  db: Database,
  nodeEnv: 'development' | 'production' | 'test',
): Promise<void> {
  if (nodeEnv !== 'production') {
    await migrateToLatest(db);
    return;
  }
  const { pending, unknown } = await schemaState(db);
  if (unknown.length > 0) {
    throw new Error(
      `The database schema is ahead of this build: it ran migrations this build does not have ` +
        `(${unknown.join(', ')}). Start the build that ran them, or roll back with the newer build's ` +
        `\`${MIGRATE_COMMAND} -- --to ${migrationNames.at(-1)!.slice(0, 4)}\`.`,
    );
  }
  if (pending.length > 0) {
    throw new Error(
      `The database schema is behind this build: ${pending.length} migration(s) not run ` +
        `(${pending.join(', ')}). Run \`${MIGRATE_COMMAND}\` with the same DATABASE_URL, then start again.`,
    );
  }
}
