import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { Migrator } from 'kysely';
import { migrateToLatest, migrationProvider } from '../src/db/migrate.ts';
import { loadEnv } from '../src/env.ts';
import { accountNamed, insertRawUser } from './support/accounts.ts';
import { expectInvariant } from './support/ledger.ts';
import { proveOwnership, signInPlayer, verifyPlayer, type SignedInPlayer } from './support/players.ts';
import { playerWith } from './support/sign-ins.ts';
import { openTestApp, t } from './support/suite.ts';
import { bearer } from './support/test-app.ts';
import { createEmptyDatabase, testEngine } from './support/test-database.ts';
import { SITE_OPERATOR } from './support/server-env.ts';

/*
 * A name is not a key: anyone may type anyone's Roblox name, so what a session may do follows what it
 * has proven. A typed-name session earns for the account; it never deletes, exports, signs the owner
 * out or changes protection, and a proven account does not open to a typed name at all.
 */

const TEN_MINUTES = 10 * 60 * 1000;

/** Every act that could hurt or expose the owner, as a typed-name session would try it. */
function harmfulActs(token: string, balance: number) {
  return {
    revokeOthers: () => t.api('POST', '/api/account/sessions/revoke-others', undefined, bearer(token)),
    exportData: () => t.api('GET', '/api/account/export', undefined, bearer(token)),
    protectOn: () => t.api('POST', '/api/account/protection', { on: true }, bearer(token)),
    deleteAccount: () =>
      t.api('POST', '/api/account/delete', { confirm: 'DELETE', forfeitRobux: balance }, bearer(token)),
  };
}

/** The owner: verified (proven), then protection turned off, with R$80 on the account. */
const VERIFIED_UNPROTECTED_OWNER = { verified: true, protection: false, balance: 80 };

describe(`what a session may do follows its proof, on ${testEngine}`, () => {
  openTestApp();

  it('a typed name on a verified, unprotected account cannot delete, export, sign the owner out or change protection', async () => {
    const owner = await playerWith(t, 'ProofOwnerOlga', VERIFIED_UNPROTECTED_OWNER);
    const before = await accountNamed(t.deps.db, 'ProofOwnerOlga');
    // The attacker types the name (the leaderboard lists the best targets): a session opens.
    const typed = await t.api('POST', '/api/login', { username: 'ProofOwnerOlga' });
    expect(typed.status).toBe(200);
    const acts = harmfulActs(typed.body.token, 80);
    for (const [name, act] of Object.entries(acts)) {
      const res = await act();
      expect([name, res.status, res.body.code], JSON.stringify(res.body)).toEqual([
        name,
        403,
        'PROOF_REQUIRED',
      ]);
      expect(res.body.error).toMatch(/Prove this account is yours/);
    }
    // Nothing changed: the owner is still signed in, the account and its balance are whole.
    expect((await t.api('GET', '/api/user/ProofOwnerOlga', undefined, bearer(owner.token))).status).toBe(200);
    expect(await accountNamed(t.deps.db, 'ProofOwnerOlga')).toEqual(before);
    const row = await t.deps.db
      .selectFrom('users')
      .select(['protected', 'deleted_at'])
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ protected: 0, deleted_at: null });
    // The attacker cannot prove: the sentence is not in the owner's bio.
    const proof = await t.api('POST', '/api/account/protection/proof', undefined, bearer(typed.body.token));
    const attempt = await t.api(
      'POST',
      '/api/account/prove',
      { proofToken: proof.body.proofToken },
      bearer(typed.body.token),
    );
    expect(attempt.status).toBe(400);
    expect((await acts.exportData()).status).toBe(403);
    await expectInvariant(t.deps.db);
  });

  it('the same acts succeed once the session proves ownership by the bio, for 10 minutes', async () => {
    const owner = await playerWith(t, 'ProofOwnerPia', VERIFIED_UNPROTECTED_OWNER);
    // The owner on a second device: a typed session, then the bio check in that session.
    const second = await t.api('POST', '/api/login', { username: 'ProofOwnerPia' });
    const session = { ...owner, token: second.body.token as string };
    await proveOwnership(t, session);
    const acts = harmfulActs(session.token, 80);
    const exported = await acts.exportData();
    expect(exported.status).toBe(200);
    expect(exported.body.account).toMatchObject({ username: 'ProofOwnerPia' });
    expect((await acts.revokeOthers()).body).toEqual({ revoked: 1 });
    expect((await t.api('GET', '/api/user/ProofOwnerPia', undefined, bearer(owner.token))).status).toBe(401);
    expect((await acts.protectOn()).body).toEqual({ protected: true });

    // Ten minutes on, the proof no longer carries: deleting asks again.
    t.clock.advance(TEN_MINUTES + 1);
    const late = await acts.deleteAccount();
    expect([late.status, late.body.code]).toEqual([403, 'PROOF_REQUIRED']);
    await proveOwnership(t, session);
    const deleted = await acts.deleteAccount();
    expect([deleted.status, deleted.body]).toEqual([200, { deleted: true, forfeited: 80 }]);
    await expectInvariant(t.deps.db);
  });

  it('earning stays open to a typed-name session: credits only ever go to the account', async () => {
    await playerWith(t, 'ProofOwnerQuin', VERIFIED_UNPROTECTED_OWNER);
    const typed = await t.api('POST', '/api/login', { username: 'ProofOwnerQuin' });
    const claim = await t.api(
      'POST',
      '/api/streak-rewards/claim',
      { username: 'ProofOwnerQuin' },
      bearer(typed.body.token),
    );
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    await expectInvariant(t.deps.db);
  });

  it('a proven account is protected by default: typing its name opens nothing, the sentence does', async () => {
    const owner = await signInPlayer(t, 'ProofOwnerRay');
    await verifyPlayer(t, owner);
    const sessions = async () =>
      (
        await t.deps.db
          .selectFrom('sessions')
          .select('token_hash')
          .where('user_id', '=', (await accountNamed(t.deps.db, 'ProofOwnerRay')).id)
          .execute()
      ).length;
    const count = await sessions();
    const typed = await t.api('POST', '/api/login', { username: 'ProofOwnerRay' });
    expect([typed.status, typed.body.code, typed.body.success]).toEqual([403, 'ACCOUNT_PROTECTED', false]);
    expect(await sessions()).toBe(count);
    await t.control('PUT', `/users/${owner.robloxId}/description`, {
      description: typed.body.proof.sentence,
    });
    const proven = await t.api('POST', '/api/login/prove', { proofToken: typed.body.proof.proofToken });
    expect(proven.status).toBe(200);
    // Opened by proof: it may act at once.
    const exported = await t.api('GET', '/api/account/export', undefined, bearer(proven.body.token));
    expect(exported.status).toBe(200);
  });
});

describe(`the bio check proves the session whose sentence is in the bio, on ${testEngine}`, () => {
  openTestApp();

  it("an impostor who calls the check when the owner's sentence is in the bio proves nothing and names no referrer", async () => {
    await t.control('POST', '/users', { name: 'ProofRacerUma' });
    await signInPlayer(t, 'ProofRacerAlt');
    // The owner signs in with a friend's link; a stranger types the name with their own alt's link.
    const ownerLogin = await t.api('POST', '/api/login', {
      username: 'ProofRacerUma',
      ref: 'ProofOwnerFriend',
    });
    const impostorLogin = await t.api('POST', '/api/login', {
      username: 'ProofRacerUma',
      ref: 'ProofRacerAlt',
    });
    const owner: SignedInPlayer = {
      name: 'ProofRacerUma',
      token: ownerLogin.body.token,
      robloxId: ownerLogin.body.user.robloxId,
    };
    const impostor = impostorLogin.body.token as string;
    const sentenceOf = async (token: string) =>
      (await t.api('GET', '/api/profile/ProofRacerUma', undefined, bearer(token))).body
        .verificationCode as string;
    const ownSentence = await sentenceOf(owner.token);
    // Each session has its own sentence: the stranger is not shown the owner's.
    expect(await sentenceOf(impostor)).not.toBe(ownSentence);

    // The owner saves their sentence; the stranger, polling Roblox, calls the check first.
    await t.control('PUT', `/users/${owner.robloxId}/description`, { description: ownSentence });
    const raced = await t.api('POST', '/api/verify-bio', { ref: 'ProofRacerAlt' }, bearer(impostor));
    expect(raced.status).toBe(200);
    // The account is proven, by the owner's session: the stranger's is signed out, the owner may act.
    expect((await t.api('GET', '/api/account/export', undefined, bearer(impostor))).status).toBe(401);
    expect((await t.api('GET', '/api/account/export', undefined, bearer(owner.token))).status).toBe(200);
    const row = await t.deps.db
      .selectFrom('users')
      .select(['referred_by', 'verified', 'protected'])
      .where('username', '=', 'ProofRacerUma')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ referred_by: null, verified: 1, protected: 1 });
    await expectInvariant(t.deps.db);
  });

  it("the owner's own check counts the link the owner's browser came with", async () => {
    const friend = await signInPlayer(t, 'ProofLinkFriend');
    await t.control('POST', '/users', { name: 'ProofLinkVera' });
    const login = await t.api('POST', '/api/login', { username: 'ProofLinkVera', ref: friend.name });
    const vera = { name: 'ProofLinkVera', token: login.body.token, robloxId: login.body.user.robloxId };
    await verifyPlayer(t, vera);
    const row = await t.deps.db
      .selectFrom('users')
      .select(['referred_by', 'referral_via'])
      .where('username', '=', 'ProofLinkVera')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      referred_by: (await accountNamed(t.deps.db, friend.name)).id,
      referral_via: 'bio',
    });
  });

  it('sessions opened by a typed name before the account was proven or protected are signed out', async () => {
    const owner = await signInPlayer(t, 'ProofEarlyWill');
    const earlier = (await t.api('POST', '/api/login', { username: 'ProofEarlyWill' })).body.token as string;
    await verifyPlayer(t, owner);
    expect((await t.api('GET', '/api/user/ProofEarlyWill', undefined, bearer(earlier))).status).toBe(401);
    expect((await t.api('GET', '/api/user/ProofEarlyWill', undefined, bearer(owner.token))).status).toBe(200);

    // Protection turned off, a typed session opens; turning protection on again signs it out.
    await t.api('POST', '/api/account/protection', { on: false }, bearer(owner.token));
    const typed = (await t.api('POST', '/api/login', { username: 'ProofEarlyWill' })).body.token as string;
    expect((await t.api('POST', '/api/account/protection', { on: true }, bearer(owner.token))).status).toBe(
      200,
    );
    expect((await t.api('GET', '/api/user/ProofEarlyWill', undefined, bearer(typed))).status).toBe(401);
  });

  it('a banned player proves ownership and downloads their data', async () => {
    const player = await signInPlayer(t, 'ProofBannedXia');
    await t.deps.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('username', '=', player.name)
      .execute();
    expect((await t.api('GET', '/api/account/export', undefined, bearer(player.token))).status).toBe(403);
    await proveOwnership(t, player);
    const exported = await t.api('GET', '/api/account/export', undefined, bearer(player.token));
    expect([exported.status, exported.body.account.username]).toEqual([200, player.name]);
  });
});

describe(`PROTECT_PROVEN_ACCOUNTS=false on ${testEngine}`, () => {
  openTestApp({ env: { PROTECT_PROVEN_ACCOUNTS: 'false' } });

  it('a verified account still opens by name, and that session still cannot hurt it', async () => {
    const owner = await signInPlayer(t, 'ProofOpenSam');
    await verifyPlayer(t, owner);
    const typed = await t.api('POST', '/api/login', { username: 'ProofOpenSam' });
    expect(typed.status).toBe(200);
    const res = await harmfulActs(typed.body.token, 0).deleteAccount();
    expect([res.status, res.body.code]).toEqual([403, 'PROOF_REQUIRED']);
  });
});

describe('settings of proof', () => {
  it('PROTECT_PROVEN_ACCOUNTS defaults to true and is validated', () => {
    expect(loadEnv({}).PROTECT_PROVEN_ACCOUNTS).toBe(true);
    expect(loadEnv({ PROTECT_PROVEN_ACCOUNTS: 'false' }).PROTECT_PROVEN_ACCOUNTS).toBe(false);
    expect(() => loadEnv({ PROTECT_PROVEN_ACCOUNTS: 'maybe' })).toThrow(/PROTECT_PROVEN_ACCOUNTS/);
  });

  it('an http OpenID issuer outside development stops the start, naming ROBLOX_OAUTH_ISSUER', () => {
    const production = {
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'a-long-admin-password',
      PUBLIC_URL: 'https://rbx.example',
      ...SITE_OPERATOR,
    };
    expect(() => loadEnv({ ...production, ROBLOX_OAUTH_ISSUER: 'http://127.0.0.1:4100/oauth/' })).toThrow(
      /ROBLOX_OAUTH_ISSUER/,
    );
    expect(() => loadEnv({ ROBLOX_OAUTH_ISSUER: 'http://oauth.example/oauth/' })).toThrow(
      /ROBLOX_OAUTH_ISSUER/,
    );
    expect(loadEnv({ ROBLOX_OAUTH_ISSUER: 'http://127.0.0.1:4100/oauth/' }).ROBLOX_OAUTH_ISSUER).toContain(
      '127.0.0.1',
    );
    expect(loadEnv({ ...production }).ROBLOX_OAUTH_ISSUER).toBe('https://apis.roblox.com/oauth/');
  });
});

describe(`migration 0021 on ${testEngine}`, () => {
  it('protects proven accounts and re-checks referrals bound by a typed name', async () => {
    const empty = await createEmptyDatabase();
    const db = createDatabase(empty.url);
    try {
      await new Migrator({ db, provider: migrationProvider }).migrateTo('0020_claim_batches');
      const add = (id: number, referredBy: number | null, verified: number) =>
        insertRawUser(db, id, { referred_by: referredBy, verified });
      const session = (hash: string, userId: number, minute: number) =>
        db
          .insertInto('sessions')
          .values({
            token_hash: hash,
            user_id: userId,
            created_at: `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
            expires_at: '2027-01-01T00:00:00.000Z',
          })
          .execute();
      await add(1, null, 1); // the referrer
      await add(2, 1, 1); // verified, counted: stays
      await add(3, 1, 0); // not proven: waits on its first session
      await add(4, 1, 1); // proven, never counted: nobody can tell which browser proved it
      await db
        .insertInto('qualified_referrals')
        .values({ friend_id: 2, referrer_id: 1, qualified_at: '2026-01-02T00:00:00.000Z' })
        .execute();
      await session('first-of-3', 3, 1);
      await session('later-of-3', 3, 5);

      await migrateToLatest(db);
      const users = await db
        .selectFrom('users')
        .select(['id', 'referred_by', 'referral_via', 'protected'])
        .orderBy('id')
        .execute();
      expect(users.map((u) => [u.id, u.referred_by, u.referral_via, u.protected])).toEqual([
        [1, null, null, 1],
        [2, 1, 'before_rule', 1],
        [3, null, null, 0],
        [4, null, null, 1],
      ]);
      const sessions = await db
        .selectFrom('sessions')
        .select(['token_hash', 'ref_user_id'])
        .orderBy('token_hash')
        .execute();
      expect(sessions).toEqual([
        { token_hash: 'first-of-3', ref_user_id: 1 },
        { token_hash: 'later-of-3', ref_user_id: null },
      ]);
    } finally {
      await db.destroy();
      await empty.remove();
    }
  });
});
