import type { Database } from '../../db/database.ts';

/** Wrong admin passwords since `since` (every address together), the latest of them, and how many addresses. */
export async function failuresSince(db: Database, since: string) {
  const row = await db
    .selectFrom('admin_login_failures')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('at').as('latest'),
      eb.fn.count<number>('ip').distinct().as('addresses'),
    ])
    .where('at', '>', since)
    .executeTakeFirst();
  return {
    count: Number(row?.count ?? 0),
    latest: (row?.latest as string | null | undefined) ?? null,
    addresses: Number(row?.addresses ?? 0),
  };
}

/** Records a wrong password and forgets those older than `pruneBefore`. */
export async function recordFailure(db: Database, at: string, ip: string, pruneBefore: string) {
  await db.insertInto('admin_login_failures').values({ at, ip }).execute();
  await db.deleteFrom('admin_login_failures').where('at', '<=', pruneBefore).execute();
}

/** Marks the episode alerted; true for the one caller that did it (across processes). */
export async function claimAlert(db: Database, at: string): Promise<boolean> {
  const res = await db
    .updateTable('admin_login_guard')
    .set({ alerted_at: at })
    .where('id', '=', 1)
    .where('alerted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Takes the one attempt the end of a back-off lets through: true for the single caller (across
 * processes) whose update changed the row; others wait for the next opening.
 */
export async function claimSlot(db: Database, at: string, latestFailure: string): Promise<boolean> {
  const res = await db
    .updateTable('admin_login_guard')
    .set({ slot_at: at })
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('slot_at', 'is', null), eb('slot_at', '<=', latestFailure)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The episode is over (the count fell back to the threshold): the next one alerts again. */
export async function endAlertEpisode(db: Database): Promise<void> {
  await db
    .updateTable('admin_login_guard')
    .set({ alerted_at: null })
    .where('id', '=', 1)
    .where('alerted_at', 'is not', null)
    .execute();
}

/** Whether the owner signed in from this address since `since` (it keeps its way in during an attack). */
/**
 * Whether this identity (a staff member's name, or null: the ADMIN_PASSWORD sign-in) opened a console
 * session from `ip` since `since`. Only the same identity counts: an address where a support member
 * signs in must not let anyone else's attempts past the brake.
 */
export async function signedInFrom(
  db: Database,
  ip: string,
  since: string,
  who: { usernameLower: string } | null,
): Promise<boolean> {
  let q = db
    .selectFrom('admin_sessions')
    .select('token_hash')
    .where('ip', '=', ip)
    .where('created_at', '>', since);
  q = who
    ? q.where('staff_id', '=', (eb) =>
        eb.selectFrom('staff').select('staff.id').where('staff.username_lower', '=', who.usernameLower),
      )
    : q.where('staff_id', 'is', null);
  const row = await q.limit(1).executeTakeFirst();
  return row !== undefined;
}
