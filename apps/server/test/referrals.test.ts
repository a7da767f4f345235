import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import * as core from '../src/db/migrations/0001_core.ts';
import * as linkedAccounts from '../src/db/migrations/0009_linked_accounts.ts';
import { checkInvariant } from '../src/modules/ledger/service.ts';
import { adminCookie } from './support/admin.ts';
import { createEmptyDatabase, testEngine } from './support/test-database.ts';
import { bearer, createTestApp, type TestApp } from './support/test-app.ts';
import { expectInvariant } from './support/ledger.ts';
import { accountNamed, insertRawUser, setPlayerStatus } from './support/accounts.ts';
import {
  CPX_ADDRESS,
  cpxPostbackPath,
  expectPostbackCredited,
  sendCpxPostback,
} from './support/postbacks.ts';
import { deleteOwnAccount, signInPlayer, verifyBio, verifyPlayer } from './support/players.ts';
import { runRetention } from '../src/modules/retention/service.ts';
import { openTestApp, t } from './support/suite.ts';
import { countRows, ledgerEntries } from './support/records.ts';

describe(`referrals on ${testEngine}`, () => {
  let alice: string;

  async function referrals(token: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/referrals',
      headers: { ...bearer(token), ...headers },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const user = (name: string) => accountNamed(t.deps.db, name);

  openTestApp();
  beforeAll(async () => {
    alice = (await t.login('AliceRBX')).token;
  });

  it('GET /api/referrals needs a session and gives the link {origin}/login?ref={username}', async () => {
    expect(
      (await t.app.inject({ method: 'GET', remoteAddress: CPX_ADDRESS, url: '/api/referrals' })).statusCode,
    ).toBe(401);
    const body = await referrals(alice, { host: 'rewards.example:8080' });
    expect(body).toEqual({
      link: 'http://rewards.example:8080/login?ref=AliceRBX',
      referralsMade: 0,
      referralsEarned: 0,
    });
    const proxied = await referrals(alice, {
      host: 'internal:4000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'rbx.example',
    });
    expect(proxied.link).toBe('https://rbx.example/login?ref=AliceRBX');
  });

  it('the acceptance scenario: B signs up with ?ref=A and verifies, earns R$0.50 (nothing), then R$2.00 (A gets R$0.25), then R$2.00 is reversed (A loses R$0.20)', async () => {
    // B signs up with A's link and proves the account is theirs: the referral does not count yet.
    const bob = await t.login('BobBuilder', 'AliceRBX');
    expect(bob.status).toBe(200);
    await verifyPlayer(t, { name: 'BobBuilder', token: bob.token, robloxId: 1002 }, 'hello! ');
    expect(await referrals(alice)).toMatchObject({ referralsMade: 0, referralsEarned: 0 });

    // R$0.50: B's lifetime earnings stay below R$1, no commission yet, and the referral does not count.
    await expectPostbackCredited(t, { trans: 'ref-b-1', user: 1002, local: '0.50' });
    expect(await user('AliceRBX')).toMatchObject({ balance: 0, referralsEarned: 0 });
    expect(await referrals(alice)).toMatchObject({ referralsMade: 0 });

    // R$2.00: B reaches R$2.50; A receives 10% of both credits, R$0.25.
    await expectPostbackCredited(t, { trans: 'ref-b-2', user: 1002, local: '2.00' });
    const a = await user('AliceRBX');
    expect(a).toMatchObject({ balance: 25, earnings: 25, referralsEarned: 25 });
    expect(await referrals(alice)).toMatchObject({ referralsMade: 1, referralsEarned: 0.25 });
    const credit1 = await t.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('idempotency_key', '=', 'postback:cpx:ref-b-1')
      .executeTakeFirstOrThrow();
    const credit2 = await t.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('idempotency_key', '=', 'postback:cpx:ref-b-2')
      .executeTakeFirstOrThrow();
    const aliceEntries = await ledgerEntries(t.deps.db, { userId: a.id });
    expect(aliceEntries.map((e) => [e.idempotency_key, e.kind, Number(e.amount)])).toEqual([
      [`referral:${credit1.id}`, 'referral', 5],
      [`referral:${credit2.id}`, 'referral', 20],
    ]);
    expect(aliceEntries[0]!.description).toBe('Referral bonus from BobBuilder');
    await expectInvariant(t.deps.db);

    // B's R$2.00 is reversed: A's R$0.20 is taken back, once.
    await expectPostbackCredited(t, { status: '2', trans: 'ref-b-2', user: 1002, local: '0' });
    await expectPostbackCredited(t, { status: '2', trans: 'ref-b-2', user: 1002, local: '0' });
    expect(await user('AliceRBX')).toMatchObject({ balance: 5, earnings: 5, referralsEarned: 5 });
    expect(await referrals(alice)).toMatchObject({ referralsEarned: 0.05 });
    const takeBack = await t.deps.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('idempotency_key', '=', `referral_reversal:${credit2.id}`)
      .execute();
    expect(takeBack).toHaveLength(1);
    expect(takeBack[0]).toMatchObject({ user_id: a.id, amount: -20, kind: 'reversal' });
    expect(await user('BobBuilder')).toMatchObject({ balance: 50, earnings: 50 });
    await expectInvariant(t.deps.db);
  });

  it('after the threshold each new credit pays its commission at once, also under concurrent postbacks', async () => {
    // B's earnings are now R$0.50: below R$1 again after the reversal, so a new small credit waits.
    await expectPostbackCredited(t, { trans: 'ref-b-3', user: 1002, local: '0.30' });
    expect((await user('AliceRBX')).balance).toBe(5);
    // Crossing R$1 again pays the waiting credit (0.30 → 3) with the new one (1.00 → 10).
    const url = cpxPostbackPath({ trans: 'ref-b-4', user: 1002, local: '1.00' });
    await Promise.all(Array.from({ length: 10 }, () => sendCpxPostback(t, url)));
    expect(await user('AliceRBX')).toMatchObject({ balance: 18, referralsEarned: 18 });
    await Promise.all(
      ['ref-b-5', 'ref-b-6', 'ref-b-7'].map((trans) =>
        sendCpxPostback(t, { trans, user: 1002, local: '1.00' }),
      ),
    );
    expect(await user('AliceRBX')).toMatchObject({ balance: 48, referralsEarned: 48 });
    await expectInvariant(t.deps.db);
  });

  it('a credit reversed before the friend reached R$1 never pays a commission', async () => {
    const carol = await t.login('CarolPlays', 'AliceRBX');
    await verifyPlayer(t, { name: 'CarolPlays', token: carol.token, robloxId: 1003 }, 'hello! ');
    expect(await referrals(alice)).toMatchObject({ referralsMade: 1 });
    const before = await user('AliceRBX');
    await expectPostbackCredited(t, { trans: 'ref-c-1', user: 1003, local: '0.90' });
    await expectPostbackCredited(t, { status: '2', trans: 'ref-c-1', user: 1003, local: '0' });
    await expectPostbackCredited(t, { trans: 'ref-c-2', user: 1003, local: '1.20' });
    const after = await user('AliceRBX');
    expect(after.balance - before.balance).toBe(12);
    expect(after.referralsEarned - before.referralsEarned).toBe(12);
    expect(await referrals(alice)).toMatchObject({ referralsMade: 2 });
    await expectInvariant(t.deps.db);
  });

  it('players without a referrer pay nobody; a banned referrer is paid once unbanned', async () => {
    const total = () => countRows(t.deps.db, 'ledger_entries', 'kind', 'referral');
    const before = await total();
    await t.login('XssTester');
    await expectPostbackCredited(t, { trans: 'ref-x-1', user: 1005, local: '5.00' });
    expect(await total()).toBe(before);

    const dave = await t.login('DaveTheBrave', 'CarolPlays');
    await verifyPlayer(t, { name: 'DaveTheBrave', token: dave.token, robloxId: 1004 }, 'hello! ');
    await setPlayerStatus(t.deps.db, 'CarolPlays', 'banned');
    await expectPostbackCredited(t, { trans: 'ref-d-1', user: 1004, local: '2.00' });
    expect((await user('CarolPlays')).referralsEarned).toBe(0);
    await setPlayerStatus(t.deps.db, 'CarolPlays', 'active');
    await expectPostbackCredited(t, { trans: 'ref-d-2', user: 1004, local: '1.00' });
    expect((await user('CarolPlays')).referralsEarned).toBe(30);
    await expectInvariant(t.deps.db);
  });
});

describe(`referral commission percent from the environment on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REFERRAL_COMMISSION_PERCENT: '25', PUBLIC_URL: 'https://rbxrewards.example/' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('pays REFERRAL_COMMISSION_PERCENT and builds the link from PUBLIC_URL', async () => {
    const alice = (await t.login('AliceRBX')).token;
    const bob = await t.login('BobBuilder', 'AliceRBX');
    await verifyPlayer(t, { name: 'BobBuilder', token: bob.token, robloxId: 1002 }, 'hello! ');
    await expectPostbackCredited(t, { trans: 'pct-1', user: 1002, local: '4.00' });
    const body = (
      await t.app.inject({
        method: 'GET',
        remoteAddress: CPX_ADDRESS,
        url: '/api/referrals',
        headers: bearer(alice),
      })
    ).json();
    expect(body).toEqual({
      link: 'https://rbxrewards.example/login?ref=AliceRBX',
      referralsMade: 1,
      referralsEarned: 1,
    });
  });

  it('credits and reversals of a friend racing each other leave exactly the commission of what stays credited', async () => {
    const credits = ['race-1', 'race-2', 'race-3', 'race-4', 'race-5', 'race-6'].map((trans) =>
      cpxPostbackPath({ trans, user: 1002, local: '1.00' }),
    );
    const reversals = ['race-1', 'race-2', 'race-3'].map((trans) =>
      cpxPostbackPath({ status: '2', trans, user: 1002, local: '0' }),
    );
    const mixed = [...credits, ...reversals, ...credits, ...reversals].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(mixed.map((url) => sendCpxPostback(t, url)));
    for (const a of answers) expect(a.statusCode).toBe(200);
    const rows = await t.deps.db
      .selectFrom('users')
      .select(['username', 'balance', 'referrals_earned'])
      .where('username', 'in', ['AliceRBX', 'BobBuilder'])
      .orderBy('username')
      .execute();
    expect(rows.map((r) => [r.username, Number(r.balance), Number(r.referrals_earned)])).toEqual([
      ['AliceRBX', 100 + 75, 100 + 75], // 25% of pct-1's R$4 and of the three R$1 credits that stay
      ['BobBuilder', 400 + 300, 0],
    ]);
    await expectInvariant(t.deps.db);
  });
});

describe(`referral commission after other earnings on ${testEngine}`, () => {
  it('a social that takes the friend past R$1 pays the waiting commission at once', async () => {
    const t = await createTestApp();
    try {
      // Carol signs up through Dave's link and earns R$0.50 from a survey: below R$1, nothing yet.
      await t.login('DaveTheBrave');
      const carol = await t.login('CarolPlays', 'DaveTheBrave');
      await verifyPlayer(t, { name: 'CarolPlays', token: carol.token, robloxId: 1003 }, 'hello! ');
      await expectPostbackCredited(t, { trans: 'ref-c-1', user: 1003, local: '0.50' });
      expect(await accountNamed(t.deps.db, 'DaveTheBrave')).toMatchObject({ balance: 0, referralsEarned: 0 });
      // A social (R$1.5) takes her lifetime earnings to R$2: Dave receives 10% of the survey credit now.
      const claim = await t.app.inject({
        method: 'POST',
        url: '/api/socials/youtube/claim',
        headers: bearer(carol.token),
      });
      expect(claim.statusCode).toBe(200);
      expect(await accountNamed(t.deps.db, 'DaveTheBrave')).toMatchObject({ balance: 5, referralsEarned: 5 });
      expect((await checkInvariant(t.deps.db)).ok).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe(`referrals that must be real on ${testEngine}`, () => {
  /** Each player's own browser (device id cookie) and address, unless a test says otherwise. */
  const ALICE = { address: '203.0.113.1' };
  let aliceDevice: string;

  /** Signs in through the real endpoint from `device` (none: a new browser) at `address`. */
  async function signIn(username: string, opts: { ref?: string; device?: string; address: string }) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, ref: opts.ref },
      remoteAddress: opts.address,
      cookies: opts.device ? { device_id: opts.device } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const device = res.cookies.find((c) => c.name === 'device_id')!.value;
    return { token: res.json().token as string, device };
  }
  const account = (name: string) => accountNamed(t.deps.db, name);
  async function commissionEntries(userId: number) {
    return t.deps.db
      .selectFrom('ledger_entries')
      .select(['idempotency_key', 'amount'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'referral')
      .orderBy('id')
      .execute();
  }

  openTestApp();
  beforeAll(async () => {
    aliceDevice = (await signIn('AliceRBX', ALICE)).device;
  });

  it('referral squatting: a name typed with ref=A from another browser pays A nothing, even after its owner verifies and earns R$25', async () => {
    // Someone (a script elsewhere) types Bob's name with Alice's ref before Bob ever came.
    const squatter = await signIn('BobBuilder', { ref: 'AliceRBX', address: '198.51.100.66' });
    expect((await account('BobBuilder')).referredBy).toBeNull();
    // The squatter cannot verify Bob: the sentence is not in Bob's bio.
    expect((await verifyBio(t.app, squatter.token)).statusCode).toBe(400);

    // Weeks later the real Bob signs in from his own browser, verifies and earns R$25.
    t.clock.advance(40 * 24 * 60 * 60 * 1000);
    const bob = await signIn('BobBuilder', { address: '192.0.2.44' });
    await verifyPlayer(t, { name: 'BobBuilder', token: bob.token, robloxId: 1002 }, 'hello! ');
    await expectPostbackCredited(t, { trans: 'sq-1', user: 1002, local: '10.00' });
    await expectPostbackCredited(t, { trans: 'sq-2', user: 1002, local: '15.00' });
    expect(await account('BobBuilder')).toMatchObject({ balance: 2500, referredBy: null });
    const alice = await account('AliceRBX');
    expect(alice).toMatchObject({ balance: 0, referralsMade: 0, referralsEarned: 0 });
    expect(await commissionEntries(alice.id)).toEqual([]);
    // The squatter's session, still open, can no longer name a referrer either.
    await t.app.inject({
      method: 'POST',
      url: '/api/verify-bio',
      headers: bearer(squatter.token),
      payload: { ref: 'AliceRBX' },
    });
    expect((await account('BobBuilder')).referredBy).toBeNull();
    await expectInvariant(t.deps.db);
  });

  it('a friend who arrives through the link in the browser that verifies pays the referrer exactly 10% of R$25, counted once', async () => {
    await t.control('POST', '/users', { id: 1010, name: 'FrankFriend' });
    // A stranger typed Frank's name with another link first: that binds nothing.
    await signIn('FrankFriend', { ref: 'DaveTheBrave', address: '198.51.100.67' });
    const frank = await signIn('FrankFriend', { ref: 'AliceRBX', address: '192.0.2.55' });
    await verifyPlayer(t, { name: 'FrankFriend', token: frank.token, robloxId: 1010 }, 'hello! ');
    expect(await account('FrankFriend')).toMatchObject({ referredBy: (await account('AliceRBX')).id });
    // The console's user view says who referred the account and how that was attributed.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${(await account('FrankFriend')).id}/linked`,
      headers: { cookie: await adminCookie(t) },
    });
    expect(view.json().referrer).toEqual({
      _id: (await account('AliceRBX')).id,
      username: 'AliceRBX',
      via: 'bio',
    });
    await expectPostbackCredited(t, { trans: 'fr-1', user: 1010, local: '10.00' });
    await expectPostbackCredited(t, { trans: 'fr-2', user: 1010, local: '15.00' });
    const alice = await account('AliceRBX');
    expect(alice).toMatchObject({ balance: 250, referralsMade: 1, referralsEarned: 250 });
    // Verifying again, or a repeated postback, pays nothing more.
    expect((await verifyBio(t.app, frank.token)).statusCode).toBe(200);
    await expectPostbackCredited(t, { trans: 'fr-2', user: 1010, local: '15.00' });
    expect(await account('AliceRBX')).toMatchObject({ balance: 250, referralsMade: 1, referralsEarned: 250 });
    await expectInvariant(t.deps.db);
  });

  it('the link a browser arrived with counts when that browser verifies, even if it signed in without it', async () => {
    await t.control('POST', '/users', { id: 1011, name: 'GinaGuest' });
    const gina = await signIn('GinaGuest', { address: '198.18.7.56' });
    await t.control('PUT', `/users/1011/description`, {
      description: (
        await t.app.inject({ method: 'GET', url: '/api/profile/GinaGuest', headers: bearer(gina.token) })
      ).json().verificationCode,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/verify-bio',
      headers: bearer(gina.token),
      payload: { ref: 'FrankFriend' },
    });
    expect(res.statusCode).toBe(200);
    expect(await account('GinaGuest')).toMatchObject({ referredBy: (await account('FrankFriend')).id });
    const row = await t.deps.db
      .selectFrom('users')
      .select('referral_via')
      .where('username', '=', 'GinaGuest')
      .executeTakeFirstOrThrow();
    expect(row.referral_via).toBe('bio');
  });

  it("a friend signed in from the referrer's browser (device cookie) pays nothing, verified or not", async () => {
    // Alice signs her alt in from her own browser, at another address, through her own link.
    const alt = await signIn('CarolPlays', { ref: 'AliceRBX', device: aliceDevice, address: '192.0.2.77' });
    await verifyPlayer(t, { name: 'CarolPlays', token: alt.token, robloxId: 1003 }, 'hello! ');
    const before = await account('AliceRBX');
    await expectPostbackCredited(t, { trans: 'dev-1', user: 1003, local: '3.00' });
    await expectPostbackCredited(t, { trans: 'dev-2', user: 1003, local: '2.00' });
    expect(await account('AliceRBX')).toEqual(before);
    const carol = await account('CarolPlays');
    expect(carol.balance).toBe(500);
    // The admin sees why: the two accounts are linked by the device.
    const admin = await adminCookie(t);
    const linked = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${carol.id}/linked`,
      headers: { cookie: admin },
    });
    expect(linked.json().accounts).toMatchObject([{ username: 'AliceRBX', signals: [{ kind: 'device' }] }]);
    await expectInvariant(t.deps.db);
  });

  it("a friend signed in from the referrer's address (another browser) pays nothing", async () => {
    const alt = await signIn('DaveTheBrave', { ref: 'AliceRBX', address: ALICE.address });
    await verifyPlayer(t, { name: 'DaveTheBrave', token: alt.token, robloxId: 1004 }, 'hello! ');
    const before = await account('AliceRBX');
    await expectPostbackCredited(t, { trans: 'addr-1', user: 1004, local: '4.00' });
    expect(await account('AliceRBX')).toEqual(before);
    await expectInvariant(t.deps.db);
  });

  it('a real referral that later shares a browser with its referrer stops paying; what was paid stays', async () => {
    const before = await account('AliceRBX');
    await expectPostbackCredited(t, { trans: 'late-1', user: 1010, local: '1.00' });
    expect((await account('AliceRBX')).balance).toBe(before.balance + 10);
    // Frank signs in on Alice's browser once, proving it is him (a proven account opens only by
    // proof, and a typed name records nothing); from then on no commission flows between them.
    await signInPlayer(t, 'FrankFriend', { headers: { cookie: `device_id=${aliceDevice}` } });
    await expectPostbackCredited(t, { trans: 'late-2', user: 1010, local: '2.00' });
    expect(await account('AliceRBX')).toMatchObject({ balance: before.balance + 10, referralsMade: 1 });
    await expectInvariant(t.deps.db);
  });

  it('a referral seen linked stays refused once the signals that showed it are gone', async () => {
    const before = await account('AliceRBX');
    // Retention drops every sign-in signal older than SIGN_IN_SIGNAL_DAYS: nothing links them now.
    t.clock.advance(181 * 24 * 60 * 60 * 1000);
    await runRetention(t.deps);
    const linked = await t.api(
      'GET',
      `/api/admin/users/${(await account('FrankFriend')).id}/linked`,
      undefined,
      {
        cookie: await adminCookie(t),
      },
    );
    expect(linked.body.accounts).toEqual([]);
    // Neither what was held back while linked (late-2) nor anything new is paid.
    await expectPostbackCredited(t, { trans: 'late-3', user: 1010, local: '5.00' });
    expect(await account('AliceRBX')).toEqual(before);
    await expectInvariant(t.deps.db);
  });

  it("a friend verified in the referrer's browser pays nothing, even after the referrer's deletion washed the link", async () => {
    await t.control('POST', '/users', { id: 1088, name: 'MainMike' });
    await t.control('POST', '/users', { id: 1089, name: 'AltAndy' });
    const main = await signIn('MainMike', { address: '203.0.113.10' });
    await verifyPlayer(t, { name: 'MainMike', token: main.token, robloxId: 1088 }, 'hi ');
    // The alt, through the main account's own link, proved from the same browser before earning anything.
    const alt = await signIn('AltAndy', { ref: 'MainMike', device: main.device, address: '192.0.2.20' });
    await verifyPlayer(t, { name: 'AltAndy', token: alt.token, robloxId: 1089 }, 'hi ');
    const mike = await account('MainMike');
    expect((await account('AltAndy')).referredBy).toBe(mike.id);
    // The main account is deleted (its sign-in signals with it) and asked back from another browser.
    await deleteOwnAccount(t, { name: 'MainMike', token: main.token, robloxId: 1088 }, 0);
    await signInPlayer(t, 'MainMike');
    expect((await account('MainMike')).id).toBe(mike.id);
    await expectPostbackCredited(t, { trans: 'wash-1', user: 1089, local: '30.00' });
    expect(await commissionEntries(mike.id)).toEqual([]);
    expect(await account('MainMike')).toMatchObject({ balance: 0, referralsMade: 0 });
    await expectInvariant(t.deps.db);
  });

  it('a friend who deletes the account: a later reversal of their credit still takes back the commission', async () => {
    await t.control('POST', '/users', { id: 1077, name: 'GinaGone' });
    const gina = await signIn('GinaGone', { ref: 'AliceRBX', address: '198.18.7.56' });
    await verifyPlayer(t, { name: 'GinaGone', token: gina.token, robloxId: 1077 }, 'hello! ');
    const ginaId = (await account('GinaGone')).id;
    const before = await account('AliceRBX');
    await expectPostbackCredited(t, { trans: 'gone-1', user: 1077, local: '10.00' });
    expect((await account('AliceRBX')).balance).toBe(before.balance + 100);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(gina.token),
      payload: { confirm: 'DELETE', forfeitRobux: 10 },
    });
    expect([deleted.statusCode, deleted.body]).toEqual([
      200,
      JSON.stringify({ deleted: true, forfeited: 10 }),
    ]);

    // CPX takes the offer back after the account is gone: the referrer's R$1 goes back with it, once.
    await expectPostbackCredited(t, { status: '2', trans: 'gone-1', user: 1077, local: '0' });
    await expectPostbackCredited(t, { status: '2', trans: 'gone-1', user: 1077, local: '0' });
    expect((await account('AliceRBX')).balance).toBe(before.balance);
    // Gina's R$10 left with the account (its forfeit): it is not taken a second time.
    const gone = await ledgerEntries(t.deps.db, { userId: ginaId });
    expect(gone.map((e) => [e.kind, Number(e.amount)])).toEqual([
      ['survey', 1000],
      ['forfeit', -1000],
    ]);
    // An account deleted before its credit came is still unknown: nothing to take back.
    const unknown = await sendCpxPostback(t, { status: '2', trans: 'gone-never', user: 1077, local: '0' });
    expect(unknown.statusCode).toBe(404);
    await expectInvariant(t.deps.db);
  });
});

describe(`migration 0009 on ${testEngine}`, () => {
  it('recounts referralsMade as the referrals whose friend is verified and earned R$1', async () => {
    const empty = await createEmptyDatabase();
    const db = createDatabase(empty.url);
    try {
      await core.up(db);
      const add = (id: number, referredBy: number | null, verified: number, earnings: number, made: number) =>
        insertRawUser(db, id, { referred_by: referredBy, verified, earnings, referrals_made: made });
      await add(1, null, 1, 0, 4); // counted 4 sign-ups through its link
      await add(2, 1, 1, 100, 1); // verified, R$1: counts
      await add(3, 1, 0, 500, 0); // never verified: does not
      await add(4, 1, 1, 99, 0); // under R$1: not yet
      await add(5, 1, 0, 0, 0);
      await linkedAccounts.up(db);
      const rows = await db.selectFrom('users').select(['id', 'referrals_made']).orderBy('id').execute();
      expect(rows.map((r) => [r.id, r.referrals_made])).toEqual([
        [1, 1],
        [2, 0],
        [3, 0],
        [4, 0],
        [5, 0],
      ]);
      const qualified = await db
        .selectFrom('qualified_referrals')
        .select(['friend_id', 'referrer_id'])
        .execute();
      expect(qualified).toEqual([{ friend_id: 2, referrer_id: 1 }]);
    } finally {
      await db.destroy();
      await empty.remove();
    }
  });
});
