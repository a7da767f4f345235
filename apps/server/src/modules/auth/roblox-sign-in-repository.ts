import type { Db } from '../../db/database.ts';

/** One Sign in with Roblox attempt (oauth_flows): made by start, taken once by the callback. */
export async function insertFlow(
  db: Db,
  flow: {
    state: string;
    codeVerifier: string;
    nonce: string;
    ref: string | null;
    /** Hash of the value kept in the starting browser's cookie. */
    browserHash: string;
    createdAt: string;
    expiresAt: string;
  },
) {
  await db
    .insertInto('oauth_flows')
    .values({
      state: flow.state,
      code_verifier: flow.codeVerifier,
      nonce: flow.nonce,
      ref: flow.ref,
      browser_hash: flow.browserHash,
      purpose: 'sign_in',
      created_at: flow.createdAt,
      expires_at: flow.expiresAt,
    })
    .execute();
}

/**
 * Takes a live sign-in flow once, from the browser that started it: of two callbacks with the same
 * state (a replay, a double click), only one finds it. Returns the flow, or undefined when it is
 * unknown, expired, already used or started by another browser.
 */
export async function takeFlow(db: Db, state: string, browserHash: string, now: string) {
  const res = await db
    .updateTable('oauth_flows')
    .set({ used_at: now })
    .where('state', '=', state)
    .where('browser_hash', '=', browserHash)
    .where('purpose', '=', 'sign_in')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('oauth_flows')
    .select(['state', 'code_verifier', 'nonce', 'ref'])
    .where('state', '=', state)
    .executeTakeFirst();
}

/** The callback proved `userId`: the browser's one-time code (its hash) may now open a session. */
export async function recordProvenAccount(db: Db, state: string, userId: number, finishHash: string) {
  await db
    .updateTable('oauth_flows')
    .set({ user_id: userId, finish_hash: finishHash })
    .where('state', '=', state)
    .execute();
}

/**
 * Trades a one-time code for the account it proved, once, from the browser that started the attempt,
 * while the callback that made it is at most `since` old. Returns the account id, or undefined.
 */
export async function takeProvenAccount(
  db: Db,
  { finishHash, browserHash }: { finishHash: string; browserHash: string },
  now: string,
  since: string,
) {
  const res = await db
    .updateTable('oauth_flows')
    .set({ finished_at: now })
    .where('finish_hash', '=', finishHash)
    .where('browser_hash', '=', browserHash)
    .where('finished_at', 'is', null)
    .where('used_at', '>', since)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return undefined;
  const row = await db
    .selectFrom('oauth_flows')
    .select('user_id')
    .where('finish_hash', '=', finishHash)
    .executeTakeFirst();
  return row?.user_id ?? undefined;
}
