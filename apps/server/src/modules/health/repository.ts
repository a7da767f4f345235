import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Throws when the database does not answer (the caller bounds the wait). */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function payoutAccountStatus(db: Database) {
  const row = await db.selectFrom('payout_account').select('status').where('id', '=', 1).executeTakeFirst();
  return row?.status ?? 'ok';
}
