import { describe, expect, it } from 'vitest';
import { testEngine } from './support/test-database.ts';
import { bearer } from './support/test-app.ts';
import { profileOf, verifyBio } from './support/players.ts';
import { openTestApp, t } from './support/suite.ts';

async function verifiedFlag(username: string) {
  const row = await t.deps.db
    .selectFrom('users')
    .select(['verified', 'verification_code'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return { verified: row.verified, code: row.verification_code };
}

describe(`bio verification on ${testEngine}`, () => {
  openTestApp();

  it('a new account is not verified and has a sentence of common words', async () => {
    const { token } = await t.login('AliceRBX');
    const profile = await profileOf(t, token, 'AliceRBX');
    expect(profile.verified).toBe(false);
    expect(profile.verificationCode).toMatch(/^[a-z]+( [a-z]+){5}$/);
  });

  it('a bio without the sentence: "Verification code not found in bio." and still not verified', async () => {
    const { token } = await t.login('AliceRBX');
    await t.control('PUT', '/users/1001/description', { description: 'I like trains and building.' });
    const res = await verifyBio(t.app, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Verification code not found in bio.',
      error: 'Verification code not found in bio.',
    });
    expect((await profileOf(t, token, 'AliceRBX')).verified).toBe(false);
  });

  it('Roblox down: a clear 503 with success:false, and nothing changes', async () => {
    const { token } = await t.login('AliceRBX');
    const before = await verifiedFlag('AliceRBX');
    await t.control('PUT', '/users/1001/description', { description: `hi! ${before.code}` });
    await t.control('POST', '/mode', { mode: 'down' });
    try {
      const res = await verifyBio(t.app, token);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'ROBLOX_UNAVAILABLE',
        message: 'Roblox is not responding, please try again',
      });
    } finally {
      await t.control('POST', '/mode', { mode: 'up' });
    }
    expect(await verifiedFlag('AliceRBX')).toEqual(before);
  });

  it('the sentence in the bio (any case, other spacing, among other text) verifies the account', async () => {
    const { token } = await t.login('AliceRBX');
    // Each session has a sentence of its own: the one its profile shows.
    const code = (await profileOf(t, token, 'AliceRBX')).verificationCode as string;
    const spaced = code!.toUpperCase().split(' ').join('  \n ');
    await t.control('PUT', '/users/1001/description', { description: `Hello there!\n${spaced}\nSee you.` });
    // The spec's body names a user and a code: they are ignored, the session decides.
    const res = await verifyBio(t.app, token, {
      payload: { username: 'AliceRBX', userId: 1001, code: 'whatever' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Verified successfully!' });
    const profile = await profileOf(t, token, 'AliceRBX');
    expect(profile.verified).toBe(true);
    expect(profile.verificationCode).toBe(code);

    // Verifying again changes nothing; refreshing is refused once verified.
    expect((await verifyBio(t.app, token)).json()).toEqual({
      success: true,
      message: 'Verified successfully!',
    });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/verification/refresh',
      headers: bearer(token),
    });
    expect(refresh.statusCode).toBe(409);
    expect(refresh.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('already verified'),
    });
    expect((await profileOf(t, token, 'AliceRBX')).verificationCode).toBe(code);
  });

  it('another player cannot borrow a verified bio by naming it in the body', async () => {
    const bob = await t.login('BobBuilder');
    const carol = await t.login('CarolPlays');
    const bobCode = (await profileOf(t, bob.token, 'BobBuilder')).verificationCode!;
    await t.control('PUT', '/users/1002/description', { description: bobCode });
    const res = await verifyBio(t.app, carol.token, {
      payload: { username: 'BobBuilder', userId: 1002, code: bobCode },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Verification code not found in bio.');
    // A browser that proved nothing is given no device id.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await verifiedFlag('CarolPlays')).verified).toBe(0);
    expect((await verifiedFlag('BobBuilder')).verified).toBe(0);
    const proven = await verifyBio(t.app, bob.token);
    expect(proven.statusCode).toBe(200);
    expect(String(proven.headers['set-cookie'])).toMatch(/^device_id=/);
  });

  it('Refresh assigns a new sentence; the old one no longer verifies', async () => {
    const { token } = await t.login('DaveTheBrave');
    const old = (await profileOf(t, token, 'DaveTheBrave')).verificationCode!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/verification/refresh',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const { verificationCode } = res.json();
    expect(verificationCode).toMatch(/^[a-z]+( [a-z]+){5}$/);
    expect(verificationCode).not.toBe(old);
    expect((await profileOf(t, token, 'DaveTheBrave')).verificationCode).toBe(verificationCode);

    await t.control('PUT', '/users/1004/description', { description: old });
    expect((await verifyBio(t.app, token)).statusCode).toBe(400);
    await t.control('PUT', '/users/1004/description', { description: verificationCode });
    expect((await verifyBio(t.app, token)).statusCode).toBe(200);
  });

  it('no sentence assigned: "No verification code assigned. Contact support."', async () => {
    const { token } = await t.login('XssTester');
    await t.deps.db
      .updateTable('users')
      .set({ verification_code: null })
      .where('roblox_id', '=', 1005)
      .execute();
    // Each session carries its own sentence (migration 0010): this one has none either.
    const user = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('roblox_id', '=', 1005)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('sessions')
      .set({ verification_code: null })
      .where('user_id', '=', user.id)
      .execute();
    const res = await verifyBio(t.app, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'No verification code assigned. Contact support.',
    });
  });

  it('needs a session; a banned player is refused; errors carry success:false and message', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/verify-bio',
      payload: { username: 'AliceRBX' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, message: expect.any(String) });

    const carol = await t.login('CarolPlays');
    await t.deps.db.updateTable('users').set({ status: 'banned' }).where('roblox_id', '=', 1003).execute();
    try {
      const code = (await verifiedFlag('CarolPlays')).code!;
      await t.control('PUT', '/users/1003/description', { description: code });
      const res = await verifyBio(t.app, carol.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'BANNED',
        success: false,
        message: expect.stringContaining('banned'),
      });
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/verification/refresh',
        headers: bearer(carol.token),
      });
      expect(refresh.statusCode).toBe(403);
      expect((await verifiedFlag('CarolPlays')).verified).toBe(0);
    } finally {
      await t.deps.db.updateTable('users').set({ status: 'active' }).where('roblox_id', '=', 1003).execute();
    }
  });
});
