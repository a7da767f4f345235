import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { hashToken } from '../../src/modules/auth/index.ts';
import { bearer, type Site } from './site.ts';

export interface SignedInPlayer {
  name: string;
  token: string;
  robloxId: number;
}

/**
 * Signs a player in through `POST /api/login`, as the owner would. A name the Roblox stand-in does not
 * know yet is made there first, so a test can invent players freely. A proven account does not open to
 * its typed name: the owner then puts the sentence it is given in their bio (the stand-in's) and signs
 * in with `POST /api/login/prove`. `headers` go with both calls (a device cookie, say); `setCookies`
 * are what the sign-in set.
 */
export async function signInPlayer(
  site: Site,
  name: string,
  opts: { headers?: Record<string, string> } = {},
): Promise<SignedInPlayer & { setCookies: string[] }> {
  let res = await site.api('POST', '/api/login', { username: name }, opts.headers);
  if (res.status === 404) {
    await site.control('POST', '/users', { name });
    res = await site.api('POST', '/api/login', { username: name }, opts.headers);
  }
  if (res.status === 403 && res.body.code === 'ACCOUNT_PROTECTED') {
    const { user } = await site.api('POST', '/api/roblox-lookup', { username: name }).then((r) => ({
      user: r.body.data[0] as { id: number },
    }));
    await site.control('PUT', `/users/${user.id}/description`, { description: res.body.proof.sentence });
    res = await site.api('POST', '/api/login/prove', { proofToken: res.body.proof.proofToken }, opts.headers);
  }
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { name, token: res.body.token, robloxId: res.body.user.robloxId, setCookies: res.setCookies };
}

/**
 * Proves the account through the real bio check: the stand-in's profile description gets the
 * sentence the session shows, then `POST /api/verify-bio`.
 */
export async function verifyPlayer(
  site: Site,
  player: SignedInPlayer,
  bioPrefix = 'my code: ',
): Promise<void> {
  const profile = await site.api('GET', `/api/profile/${player.name}`, undefined, bearer(player.token));
  expect(profile.status).toBe(200);
  expect(profile.body.verificationCode).toBeTruthy();
  await site.control('PUT', `/users/${player.robloxId}/description`, {
    description: `${bioPrefix}${profile.body.verificationCode}`,
  });
  const res = await site.api('POST', '/api/verify-bio', {}, bearer(player.token));
  expect([res.status, res.body.message]).toEqual([200, 'Verified successfully!']);
}

/** Gives a player R$ through the admin console's add-points call (a ledger credit), as an operator would. */
export async function grantRobux(
  site: Site,
  cookie: string,
  username: string,
  points: number,
): Promise<void> {
  const users = await site.api('GET', `/api/all-users?search=${username}`, undefined, { cookie });
  const user = users.body.users.find((u: { username: string }) => u.username === username);
  const res = await site.api('POST', '/api/admin/add-points', { userId: user._id, points }, { cookie });
  expect(res.status).toBe(200);
}

/**
 * Proves ownership in this session as the owner would, for the acts that need it (delete, export,
 * signing others out, protection): a fresh sentence in the stand-in's bio, then `POST /api/account/prove`.
 */
export async function proveOwnership(site: Site, player: SignedInPlayer): Promise<void> {
  const proof = await site.api('POST', '/api/account/protection/proof', undefined, bearer(player.token));
  expect(proof.status).toBe(200);
  await site.control('PUT', `/users/${player.robloxId}/description`, {
    description: `it is me: ${proof.body.sentence}`,
  });
  const res = await site.api(
    'POST',
    '/api/account/prove',
    { proofToken: proof.body.proofToken },
    bearer(player.token),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * Deletes the player's own account as its owner would: proves ownership, then `POST /api/account/delete`
 * giving up the `forfeitRobux` the dialog showed, which must answer.
 */
export async function deleteOwnAccount(
  site: Site,
  player: SignedInPlayer,
  forfeitRobux: number,
): Promise<void> {
  await proveOwnership(site, player);
  const res = await site.api(
    'POST',
    '/api/account/delete',
    { confirm: 'DELETE', forfeitRobux },
    bearer(player.token),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The sentence a session shows (each session has its own), as stored. */
export async function sessionSentenceOf(db: Database, token: string): Promise<string> {
  const row = await db
    .selectFrom('sessions')
    .select('verification_code')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return row.verification_code!;
}

/** Puts `description` in the Roblox stand-in's bio of the account, as its owner would on Roblox. */
export async function setBio(site: Site, robloxId: number, description: string): Promise<void> {
  await site.control('PUT', `/users/${robloxId}/description`, { description });
}

/** The player's own profile (`GET /api/profile/:name`), which must answer. */
export async function profileOf(
  site: Site,
  token: string,
  username: string,
): Promise<{ verified: boolean; verificationCode: string | null; robloxId: number; [k: string]: any }> {
  const res = await site.api('GET', `/api/profile/${username}`, undefined, bearer(token));
  expect(res.status).toBe(200);
  return res.body;
}

/**
 * `POST /api/streak-rewards/claim` in-process with the player's session, answered as it is: the daily
 * reward, with `body` as the web app sends it (`{}`).
 */
export function claimDaily(app: FastifyInstance, token: string, body: object = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/streak-rewards/claim',
    headers: bearer(token),
    payload: body,
  });
}

/** The daily reward's view (`GET /api/streak-rewards/:name`) in-process with the player's session, which must answer. */
export async function dailyRewardsOf(
  app: FastifyInstance,
  token: string,
  username: string,
): Promise<{ claimedToday: boolean; nextClaimAt: string; [k: string]: any }> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/streak-rewards/${username}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** `POST /api/socials/:id/claim` in-process with the player's session, answered as it is: following a social. */
export function claimSocial(app: FastifyInstance, token: string, id: string) {
  return app.inject({ method: 'POST', url: `/api/socials/${id}/claim`, headers: bearer(token) });
}

/**
 * `POST /api/verify-bio` in-process with the player's session, answered as it is: `payload` `{}` unless
 * given, from `address` (default loopback) with `headers` added.
 */
export function verifyBio(
  app: FastifyInstance,
  token: string,
  opts: { payload?: unknown; address?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/verify-bio',
    headers: { ...bearer(token), ...opts.headers },
    payload: (opts.payload ?? {}) as object,
    ...(opts.address === undefined ? {} : { remoteAddress: opts.address }),
  });
}
