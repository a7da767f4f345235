import type { Database } from '../../db/database.ts';

/** A browser signed in: its new hash is remembered, the hash of the cookie it replaces forgotten. */
export async function replaceBrowser(
  db: Database,
  hash: string,
  previousHash: string | null,
  now: string,
): Promise<void> {
  await db.insertInto('console_browsers').values({ browser_hash: hash, signed_in_at: now }).execute();
  if (previousHash !== null && previousHash !== hash) {
    await db.deleteFrom('console_browsers').where('browser_hash', '=', previousHash).execute();
  }
}

/**
 * Takes one of a known browser's `max` attempts in the window that began at `windowStart`: true for a
 * browser that signed in after `signedInSince` and had one left. One conditional update, so parallel
 * attempts with one cookie (from any process) never take more than `max` between them: PostgreSQL
 * checks the condition again on the row another update just changed, SQLite runs one writer at a time.
 */
export async function takeTry(
  db: Database,
  q: { hash: string; now: string; windowStart: string; signedInSince: string; max: number },
): Promise<boolean> {
  const res = await db
    .updateTable('console_browsers')
    .set((eb) => {
      const windowOpen = eb.and([eb('tries_since', 'is not', null), eb('tries_since', '>', q.windowStart)]);
      return {
        tries: eb
          .case()
          .when(windowOpen)
          .then(eb('tries', '+', 1))
          .else(1)
          .end(),
        tries_since: eb.case().when(windowOpen).then(eb.ref('tries_since')).else(q.now).end(),
      };
    })
    .where('browser_hash', '=', q.hash)
    .where('signed_in_at', '>', q.signedInSince)
    .where((eb) =>
      eb.or([eb('tries_since', 'is', null), eb('tries_since', '<=', q.windowStart), eb('tries', '<', q.max)]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
