import type { Db } from '../../db/database.ts';

/** Which of these ledger keys exist (the claimed socials of one account). */
export async function existingKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('ledger_entries')
    .select('idempotency_key')
    .where('idempotency_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.idempotency_key));
}
