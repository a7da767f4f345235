import type { Db } from '../../db/database.ts';

/*
 * One batch of each retention delete: the rows are picked by key (at most `limit`), then deleted by
 * key, so a batch is short on both engines and running it twice, or from two processes at once,
 * removes each row once. Each returns how many rows went.
 */

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** Player sessions that expired, or were signed out, before `before`. */
export async function deleteEndedSessions(db: Db, before: string, limit: number): Promise<number> {
  const victims = db
    .selectFrom('sessions')
    .select('token_hash')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .limit(limit);
  return deleted(
    await db.deleteFrom('sessions').where('token_hash', 'in', victims).executeTakeFirstOrThrow(),
  );
}

/** Admin console sessions that expired, or were signed out, before `before`. */
export async function deleteEndedAdminSessions(db: Db, before: string, limit: number): Promise<number> {
  const victims = db
    .selectFrom('admin_sessions')
    .select('token_hash')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .limit(limit);
  return deleted(
    await db.deleteFrom('admin_sessions').where('token_hash', 'in', victims).executeTakeFirstOrThrow(),
  );
}

/** Protected-account sign-in sentences used or expired before `before`. */
export async function deleteSpentLoginProofs(db: Db, before: string, limit: number): Promise<number> {
  const victims = db
    .selectFrom('login_proofs')
    .select('id')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('used_at', '<', before)]))
    .limit(limit);
  return deleted(await db.deleteFrom('login_proofs').where('id', 'in', victims).executeTakeFirstOrThrow());
}

/** Sign in with Roblox attempts expired, used or finished before `before`. */
export async function deleteSpentOauthFlows(db: Db, before: string, limit: number): Promise<number> {
  const victims = db
    .selectFrom('oauth_flows')
    .select('state')
    .where((eb) =>
      eb.or([eb('expires_at', '<', before), eb('used_at', '<', before), eb('finished_at', '<', before)]),
    )
    .limit(limit);
  return deleted(await db.deleteFrom('oauth_flows').where('state', 'in', victims).executeTakeFirstOrThrow());
}

/** Wrong staff sign-ins before `before`. */
export async function deleteStaffLoginFailures(db: Db, before: string, limit: number): Promise<number> {
  const victims = db.selectFrom('staff_login_failures').select('id').where('at', '<', before).limit(limit);
  return deleted(
    await db.deleteFrom('staff_login_failures').where('id', 'in', victims).executeTakeFirstOrThrow(),
  );
}

/** Wrong admin passwords before `before`. */
export async function deleteAdminLoginFailures(db: Db, before: string, limit: number): Promise<number> {
  const victims = db.selectFrom('admin_login_failures').select('id').where('at', '<', before).limit(limit);
  return deleted(
    await db.deleteFrom('admin_login_failures').where('id', 'in', victims).executeTakeFirstOrThrow(),
  );
}

/** Browsers that last signed in to the admin console before `before`. */
export async function deleteStaleConsoleBrowsers(db: Db, before: string, limit: number): Promise<number> {
  const victims = db
    .selectFrom('console_browsers')
    .select('browser_hash')
    .where('signed_in_at', '<', before)
    .limit(limit);
  return deleted(
    await db.deleteFrom('console_browsers').where('browser_hash', 'in', victims).executeTakeFirstOrThrow(),
  );
}

/** Sign-in address hashes and device ids an account last signed in with before `before`. */
export async function deleteStaleSignals(db: Db, before: string, limit: number): Promise<number> {
  const victims = db
    .selectFrom('sign_in_signals')
    .select(['user_id', 'kind', 'value_hash'])
    .where('last_seen_at', '<', before)
    .limit(limit)
    .$asTuple('user_id', 'kind', 'value_hash');
  return deleted(
    await db
      .deleteFrom('sign_in_signals')
      .where((eb) => eb(eb.refTuple('user_id', 'kind', 'value_hash'), 'in', victims))
      .executeTakeFirstOrThrow(),
  );
}
