import { describe, expect, it } from 'vitest';
import { ACCOUNT_PROTECTED_MESSAGE } from '@rewards/contracts';
import { testEngine } from './support/test-database.ts';
import { bearer } from './support/test-app.ts';
import { openTestApp, t } from './support/suite.ts';
import { proveOwnership, setBio, signInPlayer, verifyPlayer } from './support/players.ts';
import { setPlayerStatus, userIdOf } from './support/accounts.ts';
import { playerWith } from './support/sign-ins.ts';
import { countRows } from './support/records.ts';
import { hashToken } from '../src/modules/auth/index.ts';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** A verified player who turned protection on. */
const PROTECTED = { verified: true, protection: true };

describe(`protected accounts on ${testEngine}`, () => {
  openTestApp();

  it('only a verified player may turn protection on; the profile tells it', async () => {
    const player = await signInPlayer(t, 'ProtUnverified');
    const refused = await t.api('POST', '/api/account/protection', { on: true }, bearer(player.token));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', error: expect.stringContaining('Verify') });
    const profile = await t.api('GET', `/api/profile/${player.name}`, undefined, bearer(player.token));
    expect(profile.body.protected).toBe(false);

    await verifyPlayer(t, player);
    expect((await t.api('POST', '/api/account/protection', { on: true }, bearer(player.token))).status).toBe(
      200,
    );
    const after = await t.api('GET', `/api/profile/${player.name}`, undefined, bearer(player.token));
    expect(after.body.protected).toBe(true);
  });

  it('typing a protected name opens no session: ACCOUNT_PROTECTED with a fresh sentence', async () => {
    const player = await playerWith(t, 'ProtTyped', PROTECTED);
    const before = await countRows(
      t.deps.db,
      'sessions',
      'user_id',
      await userIdOf(t.deps.db, player.robloxId),
    );
    const res = await t.api('POST', '/api/login', { username: 'prottyped' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      success: false,
      code: 'ACCOUNT_PROTECTED',
      message: ACCOUNT_PROTECTED_MESSAGE,
      proof: { proofToken: expect.any(String), sentence: expect.stringMatching(/^[a-z]+( [a-z]+){5}$/) },
    });
    expect(res.body.token).toBeUndefined();
    expect(
      await countRows(t.deps.db, 'sessions', 'user_id', await userIdOf(t.deps.db, player.robloxId)),
    ).toBe(before);
    // Only the token's hash is stored.
    const stored = await t.deps.db.selectFrom('login_proofs').select('token_hash').execute();
    expect(stored.map((p) => p.token_hash)).not.toContain(res.body.proof.proofToken);
    // Each attempt hands out a new sentence.
    const again = await t.api('POST', '/api/login', { username: 'ProtTyped' });
    expect(again.body.proof.sentence).not.toBe(res.body.proof.sentence);
  });

  it('the bio proof opens the account once; a reused token is refused', async () => {
    const player = await playerWith(t, 'ProtBio', PROTECTED);
    const { proof } = (await t.api('POST', '/api/login', { username: 'ProtBio' })).body;
    await setBio(t, player.robloxId, `Hello!\n${proof.sentence.toUpperCase()}  bye`);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/login/prove',
      payload: { proofToken: proof.proofToken },
      headers: { 'user-agent': BROWSER },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      success: true,
      user: { username: 'ProtBio', robloxId: player.robloxId },
    });
    const token = opened.json().token as string;
    expect((await t.api('GET', '/api/profile/ProtBio', undefined, bearer(token))).status).toBe(200);

    const sessions = await t.api('GET', '/api/account/sessions', undefined, bearer(token));
    const mine = sessions.body.sessions.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ proof: 'bio', browser: 'Chrome on Windows' });

    const reused = await t.api('POST', '/api/login/prove', { proofToken: proof.proofToken });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(reused.body.token).toBeUndefined();
  });

  it('a wrong, missing or expired sentence is refused and opens nothing', async () => {
    const player = await playerWith(t, 'ProtWrong', PROTECTED);
    const before = await countRows(
      t.deps.db,
      'sessions',
      'user_id',
      await userIdOf(t.deps.db, player.robloxId),
    );
    const { proof } = (await t.api('POST', '/api/login', { username: 'ProtWrong' })).body;
    await setBio(t, player.robloxId, 'apple river green happy tiger cloud');
    const wrong = await t.api('POST', '/api/login/prove', { proofToken: proof.proofToken });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toContain('not in your Roblox profile');
    const unknown = await t.api('POST', '/api/login/prove', { proofToken: 'x'.repeat(43) });
    expect(unknown.status).toBe(400);
    const missing = await t.api('POST', '/api/login/prove', {});
    expect(missing.status).toBe(400);

    // After 10 minutes the sentence no longer opens it, even in the bio.
    await setBio(t, player.robloxId, proof.sentence);
    t.clock.advance(10 * 60 * 1000 + 1);
    const late = await t.api('POST', '/api/login/prove', { proofToken: proof.proofToken });
    expect(late.status).toBe(400);
    expect(
      await countRows(t.deps.db, 'sessions', 'user_id', await userIdOf(t.deps.db, player.robloxId)),
    ).toBe(before);
  });

  it('a banned protected account stays banned, by name and by proof', async () => {
    const player = await playerWith(t, 'ProtBanned', PROTECTED);
    const { proof } = (await t.api('POST', '/api/login', { username: 'ProtBanned' })).body;
    await setBio(t, player.robloxId, proof.sentence);
    await setPlayerStatus(t.deps.db, player.name, 'banned');
    const typed = await t.api('POST', '/api/login', { username: 'ProtBanned' });
    expect(typed.status).toBe(403);
    expect(typed.body.code).toBe('BANNED');
    const proved = await t.api('POST', '/api/login/prove', { proofToken: proof.proofToken });
    expect([proved.status, proved.body.code]).toEqual([403, 'BANNED']);
  });

  it('turning protection off needs proof: a proven session, or a fresh bio proof', async () => {
    const player = await playerWith(t, 'ProtOff', PROTECTED);
    // Its proof (the bio check) is more than 10 minutes old: it cannot turn protection off alone.
    t.clock.advance(11 * 60 * 1000);
    const refused = await t.api('POST', '/api/account/protection', { on: false }, bearer(player.token));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PROOF_REQUIRED');

    // A bio proof of another account does not count.
    const other = await signInPlayer(t, 'ProtOffOther');
    const othersProof = await t.api('POST', '/api/account/protection/proof', undefined, bearer(other.token));
    await setBio(t, player.robloxId, othersProof.body.sentence);
    const foreign = await t.api(
      'POST',
      '/api/account/protection',
      { on: false, proofToken: othersProof.body.proofToken },
      bearer(player.token),
    );
    expect(foreign.status).toBe(400);

    const proof = await t.api('POST', '/api/account/protection/proof', undefined, bearer(player.token));
    expect(proof.status).toBe(200);
    const notYet = await t.api(
      'POST',
      '/api/account/protection',
      { on: false, proofToken: proof.body.proofToken },
      bearer(player.token),
    );
    expect(notYet.status).toBe(400);
    await setBio(t, player.robloxId, `code: ${proof.body.sentence}`);
    const off = await t.api(
      'POST',
      '/api/account/protection',
      { on: false, proofToken: proof.body.proofToken },
      bearer(player.token),
    );
    expect([off.status, off.body]).toEqual([200, { protected: false }]);
    expect((await t.login('ProtOff')).status).toBe(200);

    // A session opened by proof may turn it off for 10 minutes, without another sentence.
    await t.api('POST', '/api/account/protection', { on: true }, bearer(player.token));
    const { proof: login } = (await t.api('POST', '/api/login', { username: 'ProtOff' })).body;
    await setBio(t, player.robloxId, login.sentence);
    const proven = (await t.api('POST', '/api/login/prove', { proofToken: login.proofToken })).body.token;
    t.clock.advance(9 * 60 * 1000);
    expect((await t.api('POST', '/api/account/protection', { on: false }, bearer(proven))).status).toBe(200);
    await t.api('POST', '/api/account/protection', { on: true }, bearer(player.token));
    t.clock.advance(2 * 60 * 1000);
    const stale = await t.api('POST', '/api/account/protection', { on: false }, bearer(proven));
    expect(stale.body.code).toBe('PROOF_REQUIRED');
  });

  it('other sessions, signed out, can no longer call the API; one session can be signed out by its id', async () => {
    // A proven account whose owner turned protection off: typed names open sessions again.
    const player = await signInPlayer(t, 'ProtSessions');
    await verifyPlayer(t, player);
    expect((await t.api('POST', '/api/account/protection', { on: false }, bearer(player.token))).status).toBe(
      200,
    );
    const second = (await t.login('ProtSessions')).token;
    const third = (await t.login('ProtSessions')).token;

    const listed = await t.api('GET', '/api/account/sessions', undefined, bearer(player.token));
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(3);
    expect(listed.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    for (const s of listed.body.sessions) {
      expect(s).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        createdAt: expect.any(String),
        proof: 'name',
        browser: expect.any(String),
        current: expect.any(Boolean),
      });
    }
    // Never a token hash.
    const hashes = await t.deps.db.selectFrom('sessions').select('token_hash').execute();
    for (const { token_hash } of hashes) expect(JSON.stringify(listed.body)).not.toContain(token_hash);

    // A session opened by typing the name signs nobody out: anyone may type it.
    for (const url of [
      '/api/account/sessions/revoke-others',
      `/api/account/sessions/${listed.body.sessions[0].id}/revoke`,
    ]) {
      const typed = await t.api('POST', url, undefined, bearer(second));
      expect([typed.status, typed.body.code]).toEqual([403, 'PROOF_REQUIRED']);
    }
    expect(
      (await t.api('GET', '/api/account/sessions', undefined, bearer(player.token))).body.sessions,
    ).toHaveLength(3);
    await proveOwnership(t, player);

    // The second session, seen from itself, then signed out by id from the first, now proven.
    const fromSecond = await t.api('GET', '/api/account/sessions', undefined, bearer(second));
    const secondId = fromSecond.body.sessions.find((s: { current: boolean }) => s.current).id;
    const one = await t.api(
      'POST',
      `/api/account/sessions/${secondId}/revoke`,
      undefined,
      bearer(player.token),
    );
    expect([one.status, one.body]).toEqual([200, { revoked: 1 }]);
    expect((await t.api('GET', '/api/profile/ProtSessions', undefined, bearer(second))).status).toBe(401);
    const again = await t.api(
      'POST',
      `/api/account/sessions/${secondId}/revoke`,
      undefined,
      bearer(player.token),
    );
    expect(again.status).toBe(404);

    // Another account's session id does nothing.
    const stranger = await signInPlayer(t, 'ProtStranger');
    await proveOwnership(t, stranger);
    const fromThird = await t.api('GET', '/api/account/sessions', undefined, bearer(third));
    const thirdId = fromThird.body.sessions.find((s: { current: boolean }) => s.current).id;
    const foreign = await t.api(
      'POST',
      `/api/account/sessions/${thirdId}/revoke`,
      undefined,
      bearer(stranger.token),
    );
    expect(foreign.status).toBe(404);

    const others = await t.api(
      'POST',
      '/api/account/sessions/revoke-others',
      undefined,
      bearer(player.token),
    );
    expect([others.status, others.body]).toEqual([200, { revoked: 1 }]);
    expect((await t.api('GET', '/api/profile/ProtSessions', undefined, bearer(third))).status).toBe(401);
    expect((await t.api('GET', '/api/profile/ProtSessions', undefined, bearer(player.token))).status).toBe(
      200,
    );
    const left = await t.api('GET', '/api/account/sessions', undefined, bearer(player.token));
    expect(left.body.sessions).toHaveLength(1);
  });

  it('an unprotected account signs in by name as before, its session recorded as typed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'AliceRBX' },
      headers: { 'user-agent': BROWSER },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, token: expect.any(String) });
    const row = await t.deps.db
      .selectFrom('sessions')
      .select(['proof', 'user_agent'])
      .where('token_hash', '=', hashToken(res.json().token))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ proof: 'name', user_agent: BROWSER });
  });
});
