import { sql } from 'kysely';
import { groupedLookup } from '../../db/grouped-calls.ts';
import { firstRow, prepared } from '../../db/prepared.ts';
import type { Database, Db } from '../../db/database.ts';
import type { SignalHashes } from '../signals/index.ts';

export async function insertSession(
  db: Database,
  s: {
    tokenHash: string;
    userId: number;
    createdAt: string;
    expiresAt: string;
    /** The session's own bio-verification sentence (the account's, as a start). */
    verificationCode?: string | null;
    /** How it was opened: typed name, a fresh bio sentence, or Sign in with Roblox. */
    proof?: 'name' | 'bio' | 'roblox';
    /** The browser's user agent (the first 200 characters are kept). */
    userAgent?: string | null;
    /** The referrer whose link this browser came with (applied only if this session proves the account). */
    refUserId?: number | null;
    /** The keyed hashes of its device and address, recorded on the account if it proves it later. */
    signals?: SignalHashes;
  },
) {
  await db
    .insertInto('sessions')
    .values({
      token_hash: s.tokenHash,
      user_id: s.userId,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      verification_code: s.verificationCode ?? null,
      proof: s.proof ?? null,
      user_agent: s.userAgent ? s.userAgent.slice(0, 200) : null,
      proven_at: s.proof === 'bio' || s.proof === 'roblox' ? s.createdAt : null,
      ref_user_id: s.refUserId ?? null,
      device_hash: s.signals?.device.hash ?? null,
      address_hash: s.signals?.address?.hash ?? null,
    })
    .execute();
}

function sessionUsersQuery(db: Db) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'u.id',
      'u.username',
      'u.display_name',
      'u.roblox_id',
      'u.status',
      'u.balance',
      'u.earnings',
      'u.verified',
      's.proven_at',
    ])
    .where('s.revoked_at', 'is', null);
}

const preparedSessionUserQuery = prepared((db: Db, tokenHash: string, now: string) =>
  sessionUsersQuery(db).where('s.token_hash', '=', tokenHash).where('s.expires_at', '>', now),
);

/** Several sessions in one query (PostgreSQL), each row with its session's hash. */
const preparedSessionUsersQuery = prepared((db: Database, tokenHashes: string[], now: string) =>
  sessionUsersQuery(db)
    .select('s.token_hash')
    .where('s.token_hash', '=', sql<string>`any(${tokenHashes})`)
    .where('s.expires_at', '>', now),
);

/**
 * The account behind a live session, in one query: this runs on every player call. On PostgreSQL
 * the sessions asked for in the same moment share one query (db/grouped-calls.ts), each checked
 * against the group's latest `now`.
 */
const findSessionUserAt = groupedLookup(
  (ask: { tokenHash: string; now: string }) => ask.tokenHash,
  (db, { tokenHash, now }) => firstRow(preparedSessionUserQuery(db, tokenHash, now)),
  async (db, tokenHashes, asks) => {
    const now = asks.reduce((latest, a) => (a.now > latest ? a.now : latest), asks[0]!.now);
    const { rows } = await preparedSessionUsersQuery(db, tokenHashes, now);
    return rows.map(({ token_hash, ...user }) => ({ key: token_hash, row: user }));
  },
);

export async function findSessionUser(db: Database, tokenHash: string, now: string) {
  return findSessionUserAt(db, { tokenHash, now });
}

export async function revokeSession(db: Database, tokenHash: string, now: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The keyed hashes of the device and address a session was opened from (null on each when not kept). */
export async function sessionSignalHashes(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select(['device_hash', 'address_hash'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
