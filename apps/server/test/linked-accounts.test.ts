import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { isLinkedToBannedAccount, listLinkedAccounts } from '../src/modules/signals/index.ts';
import { hashSignals, linkingAddress, signalKey } from '../src/modules/signals/service.ts';
import { adminCookie } from './support/admin.ts';
import { testEngine } from './support/test-database.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { expectInvariant } from './support/ledger.ts';
import { openTestApp, t } from './support/suite.ts';
import { userIdNamed } from './support/accounts.ts';
import { rowCount } from './support/records.ts';
import { loginFrom } from './support/sign-ins.ts';
import { bearer } from './support/site.ts';

const DAY_S = 24 * 60 * 60;

/** Roblox accounts of the stand-in for tests that need many names. */
async function addRobloxUsers(t: TestApp, prefix: string, firstId: number, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${prefix}${String(i + 1).padStart(2, '0')}`;
    await t.control('POST', '/users', { id: firstId + i, name });
    names.push(name);
  }
  return names;
}

describe(`linked accounts on ${testEngine}`, () => {
  let admin: string;

  async function adminGet(url: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    return { status: res.statusCode, body: res.json() };
  }

  /** The bio check of `name`'s session `token` (Roblox account `robloxId`) from the browser `device`. */
  async function proveFromBrowser(name: string, token: string, robloxId: number, device: string) {
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/profile/${name}`,
      headers: bearer(token),
    });
    await t.control('PUT', `/users/${robloxId}/description`, {
      description: profile.json().verificationCode,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/verify-bio',
      headers: bearer(token),
      cookies: { device_id: device },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  openTestApp();
  beforeAll(async () => {
    admin = await adminCookie(t);
  });

  it('typing the name of an account that exists links nobody to it: anyone may type a name', async () => {
    const [owner, stranger] = await addRobloxUsers(t, 'Typed', 4601, 2);
    await loginFrom(t, owner!, { address: '198.51.100.90' });
    const own = await loginFrom(t, stranger!, { address: '198.51.100.91' });
    // The stranger types the owner's name in their own browser, from their own address.
    const typed = await loginFrom(t, owner!, { device: own.device, address: '198.51.100.91' });
    expect(typed.status).toBe(200);
    const ownerId = await userIdNamed(t.deps.db, owner!);
    expect((await listLinkedAccounts(t.deps.db, ownerId)).accounts).toEqual([]);
  });

  it('sign-in sets a random device id cookie (httpOnly, SameSite=Lax, 400 days) and keeps it on later sign-ins', async () => {
    const first = await loginFrom(t, 'AliceRBX');
    expect(first.status).toBe(200);
    expect(first.device).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 400 * DAY_S });
    expect(first.cookie!.secure).toBeFalsy(); // not production
    const again = await loginFrom(t, 'AliceRBX', { device: first.device });
    expect(again.device).toBe(first.device);
    // Another browser gets another id; a forged or malformed value is replaced by a new random one.
    const other = await loginFrom(t, 'AliceRBX');
    expect(other.device).not.toBe(first.device);
    for (const bad of ['x', 'a'.repeat(200), '../../etc', 'abc def ghi jkl mno pqr st']) {
      const res = await loginFrom(t, 'AliceRBX', { device: bad });
      expect(res.device).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(res.device).not.toBe(bad);
    }
  });

  it('addresses and device ids are stored only as keyed hashes; the key is made once and every process uses it', async () => {
    const res = await loginFrom(t, 'BobBuilder', { address: '198.51.100.23' });
    const bobId = await userIdNamed(t.deps.db, 'BobBuilder');
    const rows = await t.deps.db
      .selectFrom('sign_in_signals')
      .selectAll()
      .where('user_id', '=', bobId)
      .execute();
    expect(rows.map((r) => r.kind).sort()).toEqual(['address', 'device']);
    const everything = JSON.stringify(await t.deps.db.selectFrom('sign_in_signals').selectAll().execute());
    expect(everything).not.toContain('198.51.100.23');
    expect(everything).not.toContain(res.device);

    const secrets = await t.deps.db.selectFrom('server_secrets').selectAll().execute();
    expect(secrets).toHaveLength(1);
    expect(secrets[0]!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hmac = (text: string) => createHmac('sha256', secrets[0]!.value).update(text).digest('base64url');
    expect(rows.find((r) => r.kind === 'address')!.value_hash).toBe(hmac('address:198.51.100.23'));
    expect(rows.find((r) => r.kind === 'device')!.value_hash).toBe(hmac(`device:${res.device}`));

    // Another process (its own connection) reads the same key rather than making one.
    const db2 = createDatabase(t.deps.env.DATABASE_URL, { poolSize: 2 });
    try {
      const key2 = await signalKey({ ...t.deps, db: db2 });
      expect(key2.toString('utf8')).toBe(secrets[0]!.value);
      expect(await t.deps.db.selectFrom('server_secrets').selectAll().execute()).toHaveLength(1);
    } finally {
      await db2.destroy();
    }
    // SIGNAL_HASH_KEY, when set, is the key.
    const key = 'k'.repeat(40);
    const withSetting = await hashSignals(
      { ...t.deps, env: { ...t.deps.env, SIGNAL_HASH_KEY: key } },
      { deviceId: 'd'.repeat(24), ip: '198.51.100.23' },
    );
    expect(withSetting.address!.hash).toBe(
      createHmac('sha256', key).update('address:198.51.100.23').digest('base64url'),
    );
  });

  it('two accounts signed in from one browser are linked by the device, with when; the users table filters to them', async () => {
    const carol = await loginFrom(t, 'CarolPlays');
    const firstSeen = t.clock.now().toISOString();
    t.clock.advance(60 * 60_000);
    const dave = await loginFrom(t, 'DaveTheBrave', { device: carol.device });
    const shared = t.clock.now().toISOString();
    expect(dave.status).toBe(200);
    const [carolId, daveId] = [
      await userIdNamed(t.deps.db, 'CarolPlays'),
      await userIdNamed(t.deps.db, 'DaveTheBrave'),
    ];

    const seen = await adminGet(`/api/admin/users/${carolId}/linked`);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      userId: carolId,
      referrer: null,
      truncated: false,
      accounts: [
        {
          _id: daveId,
          username: 'DaveTheBrave',
          robloxId: 1004,
          status: 'active',
          verified: false,
          signals: [{ kind: 'device', values: 1, firstSharedAt: shared, lastSeenAt: shared }],
        },
      ],
    });
    expect(firstSeen < shared).toBe(true);
    const fromDave = await adminGet(`/api/admin/users/${daveId}/linked`);
    expect(fromDave.body.accounts.map((a: any) => a.username)).toEqual(['CarolPlays']);

    // Carol types her name in that browser again later: a typed name proves nothing and records
    // nothing. Once she proves the account by the bio check from it, the last sign-in moves and the
    // first shared time stays.
    t.clock.advance(60 * 60_000);
    const again = await loginFrom(t, 'CarolPlays', { device: carol.device });
    expect((await adminGet(`/api/admin/users/${daveId}/linked`)).body.accounts[0].signals).toEqual([
      { kind: 'device', values: 1, firstSharedAt: shared, lastSeenAt: shared },
    ]);
    t.clock.advance(60_000);
    await proveFromBrowser('CarolPlays', again.body.token, 1003, carol.device!);
    const later = await adminGet(`/api/admin/users/${daveId}/linked`);
    expect(later.body.accounts[0].signals).toEqual([
      { kind: 'device', values: 1, firstSharedAt: shared, lastSeenAt: t.clock.now().toISOString() },
    ]);

    const filtered = await adminGet('/api/all-users?linked=1');
    expect(filtered.status).toBe(200);
    expect(filtered.body.users.map((u: any) => u.username).sort()).toEqual(['CarolPlays', 'DaveTheBrave']);
    expect(filtered.body.total).toBe(2);
    expect(filtered.body.users.every((u: any) => u.linked === true)).toBe(true);
    const searched = await adminGet('/api/all-users?linked=1&search=car');
    expect(searched.body.users.map((u: any) => u.username)).toEqual(['CarolPlays']);
    const all = await adminGet('/api/all-users');
    const flags = Object.fromEntries(all.body.users.map((u: any) => [u.username, u.linked]));
    expect(flags).toMatchObject({ AliceRBX: false, BobBuilder: false, CarolPlays: true, DaveTheBrave: true });
    // Unknown users: 404; the console's session is required.
    expect((await adminGet('/api/admin/users/999999/linked')).status).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/users/${carolId}/linked` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('accounts signed in from one address are linked even from different browsers; loopback and other addresses link nobody', async () => {
    // Each account made by its sign-in there (a typed name records only the sign-in that makes it).
    const [first] = await addRobloxUsers(t, 'Shared', 4501, 1);
    await loginFrom(t, first!, { address: '203.0.113.9' });
    await loginFrom(t, 'XssTester', { address: '203.0.113.9' });
    const [firstId, xssId] = [
      await userIdNamed(t.deps.db, first!),
      await userIdNamed(t.deps.db, 'XssTester'),
    ];
    const seen = await listLinkedAccounts(t.deps.db, firstId);
    expect(seen.accounts.map((a) => [a.username, a.signals.map((s) => s.kind)])).toEqual([
      ['XssTester', ['address']],
    ]);
    // Bob signed in from 198.51.100.23 and, like everyone here, from 127.0.0.1: linked to nobody.
    expect(
      (await listLinkedAccounts(t.deps.db, await userIdNamed(t.deps.db, 'BobBuilder'))).accounts,
    ).toEqual([]);
    expect((await listLinkedAccounts(t.deps.db, xssId)).accounts.map((a) => a.username)).toEqual([first]);
  });

  it('a client cannot pick the address it is recorded at: X-Forwarded-For counts only from TRUST_PROXY', async () => {
    // From a public address (not a trusted proxy) naming Alice's address: recorded at its own address.
    const names = await addRobloxUsers(t, 'Spoofer', 4001, 1);
    await loginFrom(t, names[0]!, {
      address: '198.51.100.77',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect((await listLinkedAccounts(t.deps.db, await userIdNamed(t.deps.db, names[0]!))).accounts).toEqual(
      [],
    );
    // Through a trusted local proxy the forwarded address is the caller's.
    const [viaProxy] = await addRobloxUsers(t, 'Proxied', 4101, 1);
    await loginFrom(t, viaProxy!, { address: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    const linked = await listLinkedAccounts(t.deps.db, await userIdNamed(t.deps.db, viaProxy!));
    expect(linked.accounts.map((a) => a.username).sort()).toEqual(['Shared01', 'XssTester']);
  });

  it('IPv6 addresses link by their /64; an IPv4 address on a dual-stack socket is that IPv4 address', async () => {
    expect(linkingAddress('2001:db8:1:2::10')).toBe('2001:db8:1:2::/64');
    expect(linkingAddress('2001:0db8:0001:0002:abcd:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(linkingAddress('::ffff:203.0.113.50')).toBe('203.0.113.50');
    for (const local of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', undefined, '', 'garbage']) {
      expect(linkingAddress(local)).toBeNull();
    }
    const [p1, p2, p3] = await addRobloxUsers(t, 'SixNet', 4201, 3);
    await loginFrom(t, p1!, { address: '2001:db8:1:2::10' });
    await loginFrom(t, p2!, { address: '2001:db8:1:2:abcd::99' });
    await loginFrom(t, p3!, { address: '2001:db8:1:3::10' });
    const linked = await listLinkedAccounts(t.deps.db, await userIdNamed(t.deps.db, p1!));
    expect(linked.accounts.map((a) => a.username)).toEqual([p2]);
    expect((await listLinkedAccounts(t.deps.db, await userIdNamed(t.deps.db, p3!))).accounts).toEqual([]);
  });

  it('isLinkedToBannedAccount: true while an account sharing a signal is banned', async () => {
    const carolId = await userIdNamed(t.deps.db, 'CarolPlays');
    const daveId = await userIdNamed(t.deps.db, 'DaveTheBrave');
    const aliceId = await userIdNamed(t.deps.db, 'AliceRBX');
    expect(await isLinkedToBannedAccount(t.deps.db, carolId)).toBe(false);
    const ban = (status: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/toggle-ban/${daveId}`,
        headers: { cookie: admin },
        payload: { status },
      });
    expect((await ban('banned')).statusCode).toBe(200);
    expect(await isLinkedToBannedAccount(t.deps.db, carolId)).toBe(true);
    expect(await isLinkedToBannedAccount(t.deps.db, daveId)).toBe(false); // itself does not count
    expect(await isLinkedToBannedAccount(t.deps.db, aliceId)).toBe(false);
    const seen = await adminGet(`/api/admin/users/${carolId}/linked`);
    expect(seen.body.accounts[0]).toMatchObject({ username: 'DaveTheBrave', status: 'banned' });
    // A refused sign-in (a banned name, which anyone may type) records nothing: a stranger cannot
    // link an account of theirs, or anyone's, to a banned one by typing its name in the same browser.
    const [alt] = await addRobloxUsers(t, 'BanAlt', 4301, 1);
    const attempt = await loginFrom(t, 'DaveTheBrave');
    expect(attempt.status).toBe(403);
    expect(attempt.device).toBeDefined();
    await loginFrom(t, alt!, { device: attempt.device });
    expect(await isLinkedToBannedAccount(t.deps.db, await userIdNamed(t.deps.db, alt!))).toBe(false);
    expect((await ban('active')).statusCode).toBe(200);
    expect(await isLinkedToBannedAccount(t.deps.db, carolId)).toBe(false);
    await expectInvariant(t.deps.db);
  });
});

describe(`MAX_ACCOUNTS_PER_DEVICE on ${testEngine}`, () => {
  // the default: 3
  openTestApp();

  it('the session whose sentence is in the bio links the browser it signed in from, whoever presses Check', async () => {
    const [owner, other] = await addRobloxUsers(t, 'Held', 4611, 2);
    const first = await loginFrom(t, owner!, { address: '198.51.100.92' });
    const mine = await loginFrom(t, other!, { address: '198.51.100.93' });
    // The Roblox account's owner types its name in the browser of the other account: nothing yet.
    const typed = await loginFrom(t, owner!, { device: mine.device, address: '198.51.100.93' });
    const ownerId = await userIdNamed(t.deps.db, owner!);
    expect((await listLinkedAccounts(t.deps.db, ownerId)).accounts).toEqual([]);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/profile/${owner}`,
      headers: bearer(typed.body.token),
    });
    await t.control('PUT', '/users/4611/description', { description: profile.json().verificationCode });
    // The first session presses Check: the sentence found is the typed session's, so its browser is the owner's.
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/verify-bio',
      headers: bearer(first.body.token),
      cookies: { device_id: first.device! },
      payload: {},
    });
    expect(check.statusCode, check.body).toBe(200);
    const linked = (await listLinkedAccounts(t.deps.db, ownerId)).accounts;
    expect(linked.map((a) => [a.username, a.signals.map((s) => s.kind).sort()])).toEqual([
      [other, ['address', 'device']],
    ]);
  });

  it('a browser creates 3 accounts; the 4th is refused with TOO_MANY_ACCOUNTS and nothing is created; existing accounts still sign in', async () => {
    const names = await addRobloxUsers(t, 'Farm', 5001, 5);
    const first = await loginFrom(t, names[0]!);
    const device = first.device!;
    expect(first.status).toBe(200);
    for (const name of names.slice(1, 3)) expect((await loginFrom(t, name, { device })).status).toBe(200);
    const before = await rowCount(t.deps.db, 'users');

    const refused = await loginFrom(t, names[3]!, { device, ref: 'Farm01' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      code: 'TOO_MANY_ACCOUNTS',
      error:
        'This device has already been used to create 3 accounts, the most allowed. Sign in to one of those accounts instead.',
    });
    expect(refused.device).toBe(device);
    expect(await rowCount(t.deps.db, 'users')).toBe(before);

    // The accounts it made, and accounts made elsewhere, still sign in from it.
    for (const name of names.slice(0, 3)) expect((await loginFrom(t, name, { device })).status).toBe(200);
    expect((await loginFrom(t, 'AliceRBX')).status).toBe(200);
    expect((await loginFrom(t, 'AliceRBX', { device })).status).toBe(200);
    // Another browser can still create the refused name.
    expect((await loginFrom(t, names[3]!)).status).toBe(200);
  });

  it('12 first sign-ins at once from one new browser create exactly 3 accounts', async () => {
    const names = await addRobloxUsers(t, 'Rush', 5101, 12);
    const seed = await loginFrom(t, 'AliceRBX'); // Alice exists: this browser has created no account
    const device = seed.device!;
    const before = await rowCount(t.deps.db, 'users');
    const answers = await Promise.all(names.map((name) => loginFrom(t, name, { device })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(9);
    expect(answers.filter((a) => a.status === 403).every((a) => a.body.code === 'TOO_MANY_ACCOUNTS')).toBe(
      true,
    );
    expect(await rowCount(t.deps.db, 'users')).toBe(before + 3);
  });
});

describe(`MAX_ACCOUNTS_PER_ADDRESS and a device limit of 0 on ${testEngine}`, () => {
  it('an address limit refuses new accounts from that address only; 0 turns the device limit off', async () => {
    const t = await createTestApp({ env: { MAX_ACCOUNTS_PER_ADDRESS: '2', MAX_ACCOUNTS_PER_DEVICE: '0' } });
    try {
      const names = await addRobloxUsers(t, 'Addr', 6001, 8);
      expect((await loginFrom(t, names[0]!, { address: '203.0.113.30' })).status).toBe(200);
      expect((await loginFrom(t, names[1]!, { address: '203.0.113.30' })).status).toBe(200);
      const refused = await loginFrom(t, names[2]!, { address: '203.0.113.30' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('TOO_MANY_ACCOUNTS');
      expect(refused.body.error).toMatch(/^Your network address has already been used to create 2 accounts/);
      expect((await loginFrom(t, names[0]!, { address: '203.0.113.30' })).status).toBe(200);
      expect((await loginFrom(t, names[2]!, { address: '203.0.113.31' })).status).toBe(200);
      // One browser, no device limit: 5 accounts from elsewhere.
      const first = await loginFrom(t, names[3]!);
      for (const name of names.slice(4, 8)) {
        expect((await loginFrom(t, name, { device: first.device })).status).toBe(200);
      }
    } finally {
      await t.close();
    }
  });
});

describe(`the device cookie in production on ${testEngine}`, () => {
  it('is Secure', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://rbx.example' } });
    try {
      const res = await loginFrom(t, 'AliceRBX');
      expect(res.status).toBe(200);
      expect(res.cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await t.close();
    }
  });
});
