import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

/** The channel the live feed listens on (modules/live). */
export const LIVE_FEED_CHANNEL = 'ledger_entry';

/**
 * On PostgreSQL every new ledger entry is announced on LIVE_FEED_CHANNEL as `<id>:<user id>`, so each
 * server process learns of credits made by any process the moment they commit (NOTIFY is delivered on
 * commit, never for a rolled-back insert). A trigger rather than a call in the ledger code: every
 * writer is covered, and the money path stays as it is. The payload is small; the listener reads the
 * rows it needs. SQLite has no NOTIFY: there the feed polls the ledger by id instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    CREATE OR REPLACE FUNCTION ledger_entry_notify() RETURNS trigger AS $$
    BEGIN
      PERFORM pg_notify(${sql.lit(LIVE_FEED_CHANNEL)}, NEW.id::text || ':' || NEW.user_id::text);
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql
  `.execute(db);
  await sql`
    CREATE TRIGGER ledger_entries_notify AFTER INSERT ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_entry_notify()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`DROP TRIGGER IF EXISTS ledger_entries_notify ON ledger_entries`.execute(db);
  await sql`DROP FUNCTION IF EXISTS ledger_entry_notify()`.execute(db);
}
