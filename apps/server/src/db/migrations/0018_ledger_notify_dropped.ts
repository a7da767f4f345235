import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';
import { up as announceEntries } from './0016_live_feed.ts';

/**
 * Drops migration 0016's NOTIFY trigger on `ledger_entries` (docs/decisions/0019). PostgreSQL takes
 * one database-wide lock from a notifying transaction's pre-commit until its commit is flushed, so
 * every money write waited for the one before it to reach the disk, and commits could no longer share
 * a WAL flush: daily claims through `rewards_claim_daily` went from 6,200 to 3,500 a second with it
 * (pgbench, 10 clients), and PostgreSQL's CPU per claim from 264 to 370 µs. The live feed polls
 * the ledger on both engines (`modules/live/sources.ts`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER IF EXISTS ledger_entries_notify ON ledger_entries`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ledger_entry_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await announceEntries(db);
}
