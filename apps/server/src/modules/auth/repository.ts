import type { CompiledQuery } from 'kysely';
import type { Database } from '../../db/database.ts';

export async function insertSession(
  db: Database,
  s: { tokenHash: string; userId: number; createdAt: string; expiresAt: string },
) {
  await db
    .insertInto('sessions')
    .values({ token_hash: s.tokenHash, user_id: s.userId, created_at: s.createdAt, expires_at: s.expiresAt })
    .execute();
}

function sessionUserQuery(db: Database, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.username', 'u.display_name', 'u.roblox_id', 'u.status', 'u.balance', 'u.earnings', 'u.verified'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now);
}

type SessionUserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionUserQuery>['executeTakeFirst']>>>;

// Compiled once per database: this query runs on every player call, and building it each time was
// a visible share of a balance poll. Only its two parameters change.
const compiledSessionQuery = new WeakMap<Database, CompiledQuery<SessionUserRow>>();

/** The account behind a live session, in one query: this runs on every player call. */
export async function findSessionUser(db: Database, tokenHash: string, now: string): Promise<SessionUserRow | undefined> {
  let compiled = compiledSessionQuery.get(db);
  if (!compiled) {
    compiled = sessionUserQuery(db, '', '').compile();
    compiledSessionQuery.set(db, compiled);
  }
  const result = await db.executeQuery<SessionUserRow>({ ...compiled, parameters: [tokenHash, now] });
  return result.rows[0];
}

export async function revokeSession(db: Database, tokenHash: string, now: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
