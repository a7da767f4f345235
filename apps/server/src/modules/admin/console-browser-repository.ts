import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * Who a browser signs in as: a staff member by lower-cased name, or null for the ADMIN_PASSWORD
 * (bootstrap) sign-in.
 */
export type SignInIdentity = { usernameLower: string } | null;

/**
 * A browser signed in as `staffId` (null: ADMIN_PASSWORD): its new hash is remembered, the hash of the
 * cookie it replaces forgotten, and of that identity's browsers only the newest `keep` (this one
 * among them) are kept, so signing in again and again from cookie-less clients cannot pile them up.
 */
export async function replaceBrowser(
  db: Database,
  q: { hash: string; previousHash: string | null; staffId: number | null; now: string; keep: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('console_browsers')
      .values({ browser_hash: q.hash, staff_id: q.staffId, signed_in_at: q.now })
      .execute();
    if (q.previousHash !== null && q.previousHash !== q.hash) {
      await trx.deleteFrom('console_browsers').where('browser_hash', '=', q.previousHash).execute();
    }
    const staffId = q.staffId;
    const sameIdentity = (eb: ExpressionBuilder<DB, 'console_browsers'>) =>
      staffId === null ? eb('staff_id', 'is', null) : eb('staff_id', '=', staffId);
    // The new row is kept by name rather than by order: sign-ins within one clock tick tie on time.
    const newestOthers = trx
      .selectFrom('console_browsers')
      .select('browser_hash')
      .where(sameIdentity)
      .where('browser_hash', '!=', q.hash)
      .orderBy('signed_in_at', 'desc')
      .orderBy('browser_hash')
      .limit(q.keep - 1);
    await trx
      .deleteFrom('console_browsers')
      .where(sameIdentity)
      .where('browser_hash', '!=', q.hash)
      .where('browser_hash', 'not in', newestOthers)
      .execute();
  });
}

/**
 * Takes one of a known browser's `max` attempts in the window that began at `windowStart`: true for a
 * browser that signed in after `signedInSince` as `who` and had one left. A browser that signed in as
 * someone else is no help to this attempt (and keeps its tries): a cookie one staff member minted must
 * not let guesses at another's password, or at ADMIN_PASSWORD, past the brake. One conditional
 * update, so parallel attempts with one cookie (from any process) never take more than `max` between
 * them: PostgreSQL checks the condition again on the row another update just changed, SQLite runs one
 * writer at a time.
 */
export async function takeTry(
  db: Database,
  q: {
    hash: string;
    who: SignInIdentity;
    now: string;
    windowStart: string;
    signedInSince: string;
    max: number;
  },
): Promise<boolean> {
  const who = q.who;
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
    // A name no staff member has matches no browser (the subquery is null), like a new browser.
    .where((eb) =>
      who === null
        ? eb('staff_id', 'is', null)
        : eb(
            'staff_id',
            '=',
            eb.selectFrom('staff').select('staff.id').where('staff.username_lower', '=', who.usernameLower),
          ),
    )
    .where('signed_in_at', '>', q.signedInSince)
    .where((eb) =>
      eb.or([eb('tries_since', 'is', null), eb('tries_since', '<=', q.windowStart), eb('tries', '<', q.max)]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
