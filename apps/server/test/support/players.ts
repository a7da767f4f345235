import { expect } from 'vitest';
import { bearer, type Site } from './site.ts';

export interface SignedInPlayer {
  name: string;
  token: string;
  robloxId: number;
}

/**
 * Signs a player in through `POST /api/login`. A name the Roblox stand-in does not know yet is made
 * there first, so a test can invent players freely.
 */
export async function signInPlayer(site: Site, name: string): Promise<SignedInPlayer> {
  let res = await site.api('POST', '/api/login', { username: name });
  if (res.status !== 200) {
    await site.control('POST', '/users', { name });
    res = await site.api('POST', '/api/login', { username: name });
  }
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { name, token: res.body.token, robloxId: res.body.user.robloxId };
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
