import { Migrator } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest, migrationProvider } from '../src/db/migrate.ts';
import { accountWithId, insertRawUser, userIdOf } from './support/accounts.ts';
import { adminCookie } from './support/admin.ts';
import { expectInvariant, postEntry, testSubject } from './support/ledger.ts';
import { expectPostbackCredited } from './support/postbacks.ts';
import { deleteOwnAccount, signInPlayer, verifyPlayer, type SignedInPlayer } from './support/players.ts';
import { OAUTH_CALLBACK, OAUTH_SITE, registerOAuthClient, robloxSignInEnv } from './support/roblox-oauth.ts';
import { loginFrom, signInFrom } from './support/sign-ins.ts';
import { consoleCall } from './support/staff.ts';
import { openTestApp, t } from './support/suite.ts';
import { createTestApp } from './support/test-app.ts';
import { createEmptyDatabase, testEngine } from './support/test-database.ts';

/*
 * A deleted account comes back to its Roblox account only as decision 0043 says: on proof, within
 * the account limits, never banned, with nothing a stranger's typing leaves behind, and with its
 * given-up balance still covering reversals of what it had earned.
 */

const typeName = (username: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username } });
const userRow = (id: number) =>
  t.deps.db
    .selectFrom('users')
    .select(['username', 'roblox_id', 'status', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The answer with its random parts blanked, to compare byte for byte. */
function shape(res: Awaited<ReturnType<typeof typeName>>) {
  const headers = { ...res.headers };
  for (const h of ['date', 'content-length', 'x-request-id', 'x-ratelimit-remaining']) delete headers[h];
  headers['set-cookie'] = String(headers['set-cookie']).replace(/device_id=[^;]+/, 'device_id=D');
  return {
    status: res.statusCode,
    headers,
    body: res.body
      .replace(/"proofToken":"[^"]+"/, '"proofToken":"T"')
      .replace(/"sentence":"[^"]+"/, '"sentence":"S"'),
  };
}

async function banAndDelete(cookie: string, player: SignedInPlayer): Promise<number> {
  const id = await userIdOf(t.deps.db, player.robloxId);
  expect(
    (await consoleCall(t, cookie, 'PUT', `/api/toggle-ban/${id}`, { status: 'banned' })).statusCode,
  ).toBe(200);
  const deleted = await consoleCall(t, cookie, 'POST', `/api/admin/users/${id}/delete`, {
    confirm: 'DELETE',
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  return id;
}

describe(`a deleted account and strangers on ${testEngine}`, () => {
  let cookie: string;
  openTestApp();
  beforeAll(async () => {
    cookie = await adminCookie(t);
  });

  it("a stranger's typed name is answered as for a live protected account, and leaves no link behind", async () => {
    const live = await signInPlayer(t, 'LiveProt');
    await verifyPlayer(t, live);
    const gone = await signInPlayer(t, 'GoneNever');
    const goneId = await userIdOf(t.deps.db, gone.robloxId);
    await deleteOwnAccount(t, gone, 0);

    const typed = await typeName('GoneNever');
    expect(shape(typed)).toEqual(shape(await typeName('LiveProt')));
    // The proof waiting for the bio does not name the Roblox id: only its token opens it.
    const proofs = await t.deps.db
      .selectFrom('login_proofs')
      .selectAll()
      .where('user_id', '=', goneId)
      .execute();
    expect(proofs).toHaveLength(1);
    expect(JSON.stringify(proofs)).not.toContain(String(gone.robloxId));
    expect(await userRow(goneId)).toMatchObject({
      username: `deleted-${goneId}`,
      deleted_at: expect.any(String),
    });
  });

  it('one deleted while banned answers a typed name as a banned one does, and keeps no proof', async () => {
    const bad = await signInPlayer(t, 'BadGone');
    const badId = await banAndDelete(cookie, bad);
    const typed = await typeName('BadGone');
    expect([typed.statusCode, typed.json().code]).toEqual([403, 'BANNED']);
    expect(
      await t.deps.db.selectFrom('login_proofs').select('id').where('user_id', '=', badId).execute(),
    ).toEqual([]);
    expect(await userRow(badId)).toMatchObject({ status: 'banned', deleted_at: expect.any(String) });
  });

  it('one deleted by staff before its first proof comes back on the bio proof verified and protected', async () => {
    const owner = await signInPlayer(t, 'StaffGone');
    const id = await userIdOf(t.deps.db, owner.robloxId);
    const del = await consoleCall(t, cookie, 'POST', `/api/admin/users/${id}/delete`, { confirm: 'DELETE' });
    expect(del.statusCode, del.body).toBe(200);
    const back = await signInPlayer(t, 'StaffGone');
    expect(await userIdOf(t.deps.db, back.robloxId)).toBe(id);
    expect(
      await t.deps.db
        .selectFrom('users')
        .select(['verified', 'protected'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ verified: 1, protected: 1 });
    // A stranger's typed name no longer opens the history that came back.
    const typed = await typeName('StaffGone');
    expect([typed.statusCode, typed.json().code]).toEqual([403, 'ACCOUNT_PROTECTED']);
  });

  it('staff cannot add R$ to a deleted account', async () => {
    const gone = await signInPlayer(t, 'PointsGhost');
    const goneId = await userIdOf(t.deps.db, gone.robloxId);
    await deleteOwnAccount(t, gone, 0);
    const res = await consoleCall(t, cookie, 'POST', '/api/admin/add-points', { userId: goneId, points: 25 });
    expect([res.statusCode, res.json().error]).toEqual([
      409,
      'This player deleted their account: nothing can be added to it.',
    ]);
    expect((await accountWithId(t.deps.db, goneId)).balance).toBe(0);
  });

  it('a credit given up with the account and reversed after it came back costs nothing more', async () => {
    const ben = await signInPlayer(t, 'RevBen');
    const benId = await userIdOf(t.deps.db, ben.robloxId);
    await expectPostbackCredited(t, { trans: 'rr-b', user: ben.robloxId, local: '10.00' });
    await deleteOwnAccount(t, ben, 10);
    const back = await signInPlayer(t, 'RevBen');
    expect(await userIdOf(t.deps.db, back.robloxId)).toBe(benId);
    await expectPostbackCredited(t, { status: '2', trans: 'rr-b', user: ben.robloxId, local: '0' });
    expect((await accountWithId(t.deps.db, benId)).balance).toBe(0);
    // A credit earned after the return is taken back whole.
    await expectPostbackCredited(t, { trans: 'rr-c', user: ben.robloxId, local: '4.00' });
    await expectPostbackCredited(t, { status: '2', trans: 'rr-c', user: ben.robloxId, local: '0' });
    expect((await accountWithId(t.deps.db, benId)).balance).toBe(0);
    await expectInvariant(t.deps.db);
  });
});

describe(`Sign in with Roblox and a deleted account on ${testEngine}`, () => {
  let cookie: string;
  openTestApp({ env: robloxSignInEnv });
  beforeAll(async () => {
    await registerOAuthClient(t);
    cookie = await adminCookie(t);
  });

  /** The whole Sign in with Roblox round trip as `robloxId`: the page it lands on. */
  async function signInWithRoblox(robloxId: number): Promise<URL> {
    const started = await t.app.inject({ method: 'GET', url: '/api/auth/roblox/start' });
    expect(started.statusCode).toBe(302);
    const browser = started.cookies.find((c) => c.name === 'rbx_oauth')!;
    const authorize = new URL(started.headers.location as string);
    authorize.searchParams.set('login_hint', String(robloxId));
    const consent = await fetch(authorize, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(OAUTH_CALLBACK);
    const res = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `rbx_oauth=${browser.value}` },
    });
    expect(res.statusCode).toBe(302);
    return new URL(res.headers.location as string, OAUTH_SITE);
  }

  it('opens a deleted account again; one deleted while banned stays deleted', async () => {
    const kim = await signInPlayer(t, 'SiwrKim');
    const kimId = await userIdOf(t.deps.db, kim.robloxId);
    await deleteOwnAccount(t, kim, 0);
    expect((await signInWithRoblox(kim.robloxId)).searchParams.get('error')).toBeNull();
    expect(await userRow(kimId)).toMatchObject({ username: 'SiwrKim', deleted_at: null });

    const bart = await signInPlayer(t, 'SiwrBart');
    const bartId = await banAndDelete(cookie, bart);
    expect((await signInWithRoblox(bart.robloxId)).searchParams.get('error')).toBe('roblox_banned');
    expect(await userRow(bartId)).toMatchObject({
      username: `deleted-${bartId}`,
      status: 'banned',
      deleted_at: expect.any(String),
    });
  });
});

describe(`a deleted account's return and the account limits on ${testEngine}`, () => {
  it("counts against the address's limit, as a new account does", async () => {
    const app = await createTestApp({ env: { MAX_ACCOUNTS_PER_ADDRESS: '2', MAX_ACCOUNTS_PER_DEVICE: '0' } });
    try {
      const address = '203.0.113.77';
      const ids: Record<string, number> = {};
      for (const name of ['FarmA1', 'FarmA2', 'FarmA3']) {
        ids[name] = ((await app.control('POST', '/users', { name })) as { id: number }).id;
      }
      const a1 = await loginFrom(app, 'FarmA1', { address });
      expect((await loginFrom(app, 'FarmA2', { address })).status).toBe(200);
      await deleteOwnAccount(app, { name: 'FarmA1', token: a1.body.token, robloxId: ids.FarmA1! }, 0);
      // The deletion freed a place: a third Roblox account is made from the address.
      expect((await loginFrom(app, 'FarmA3', { address })).status).toBe(200);

      const typed = await loginFrom(app, 'FarmA1', { address });
      expect(typed.body.code).toBe('ACCOUNT_PROTECTED');
      await app.control('PUT', `/users/${ids.FarmA1}/description`, {
        description: typed.body.proof.sentence,
      });
      const proven = await app.app.inject({
        method: 'POST',
        url: '/api/login/prove',
        payload: { proofToken: typed.body.proof.proofToken },
        remoteAddress: address,
      });
      expect([proven.statusCode, proven.json().code]).toEqual([403, 'TOO_MANY_ACCOUNTS']);
      const live = await app.deps.db
        .selectFrom('users')
        .select('username')
        .where('deleted_at', 'is', null)
        .where('username', 'in', ['FarmA1', 'FarmA2', 'FarmA3'])
        .execute();
      expect(live.map((u) => u.username).sort()).toEqual(['FarmA2', 'FarmA3']);
    } finally {
      await app.close();
    }
  });
});

describe(`reversals after a deletion on ${testEngine}`, () => {
  openTestApp();
  const tick = () => t.clock.advance(60_000);
  const credit = (trans: string, user: number, local: string) =>
    expectPostbackCredited(t, { trans, user, local });
  const reverse = (trans: string, user: number) =>
    expectPostbackCredited(t, { status: '2', trans, user, local: '0' });
  const account = (id: number) => accountWithId(t.deps.db, id);

  /** Credit c1 R$10, delete (gives up 10), come back, credit c2 R$5, delete (gives up 5). */
  async function twoDeletions(name: string): Promise<{ id: number; robloxId: number }> {
    const p = await signInPlayer(t, name);
    const id = await userIdOf(t.deps.db, p.robloxId);
    await credit(`${name}-c1`, p.robloxId, '10.00');
    tick();
    await deleteOwnAccount(t, p, 10);
    tick();
    const back = await signInPlayer(t, name);
    await credit(`${name}-c2`, p.robloxId, '5.00');
    tick();
    await deleteOwnAccount(t, back, 5);
    tick();
    return { id, robloxId: p.robloxId };
  }

  it('two deletions: both reversals are covered by what was given up, in either order', async () => {
    const a = await twoDeletions('NetOrderA');
    await reverse('NetOrderA-c2', a.robloxId);
    await reverse('NetOrderA-c1', a.robloxId);
    const b = await twoDeletions('NetOrderB');
    await reverse('NetOrderB-c1', b.robloxId);
    await reverse('NetOrderB-c2', b.robloxId);
    expect([(await account(a.id)).balance, (await account(b.id)).balance]).toEqual([0, 0]);
    await expectInvariant(t.deps.db);
  });

  it('a reversal the given-up balance covered still takes the offer out of earnings and offers completed', async () => {
    const p = await signInPlayer(t, 'CovCount');
    const id = await userIdOf(t.deps.db, p.robloxId);
    await credit('cov-1', p.robloxId, '10.00');
    tick();
    await deleteOwnAccount(t, p, 10);
    tick();
    await reverse('cov-1', p.robloxId);
    expect(await account(id)).toMatchObject({ balance: 0, earnings: 0, offersCompleted: 0 });
  });

  it("a friend's reversal after the referrer deleted is covered by the commission it gave up", async () => {
    const referrer = await signInFrom(t, 'RefGone', { address: '198.51.100.11', browser: 'ref browser' });
    const friend = await signInFrom(t, 'RefFriend', {
      address: '198.51.100.12',
      browser: 'friend browser',
      ref: 'RefGone',
    });
    await verifyPlayer(t, friend);
    await credit('ref-f-1', friend.robloxId, '10.00');
    expect((await account(referrer.id)).balance).toBe(100);
    tick();
    await deleteOwnAccount(t, referrer, 1);
    tick();
    await reverse('ref-f-1', friend.robloxId);
    await signInPlayer(t, 'RefGone');
    expect((await account(referrer.id)).balance).toBe(0);
    await expectInvariant(t.deps.db);
  });

  it('what was earned after coming back is not covered: its reversal is a debt', async () => {
    const p = await signInPlayer(t, 'LaterLou');
    const id = await userIdOf(t.deps.db, p.robloxId);
    await credit('later-1', p.robloxId, '10.00');
    tick();
    await deleteOwnAccount(t, p, 10);
    tick();
    await signInPlayer(t, 'LaterLou');
    await credit('later-2', p.robloxId, '4.00');
    await postEntry(t.deps.db, t.clock, id, -400, testSubject('withdrawal'));
    await reverse('later-2', p.robloxId);
    expect((await account(id)).balance).toBe(-400);
    // The cover is still there for what was earned before the deletion.
    await reverse('later-1', p.robloxId);
    expect((await account(id)).balance).toBe(-400);
    await expectInvariant(t.deps.db);
  });

  it('a reversal stamped a moment before the deletion still takes what the given-up balance did not cover', async () => {
    const p = await signInPlayer(t, 'SkewSam');
    const id = await userIdOf(t.deps.db, p.robloxId);
    await credit('skew-1', p.robloxId, '10.00');
    await postEntry(t.deps.db, t.clock, id, -990, testSubject('withdrawal'));
    tick();
    await deleteOwnAccount(t, p, 0.1);
    // On PostgreSQL a reversal may read the clock, then wait on the lock the deletion holds.
    t.clock.set(new Date(t.clock.now().getTime() - 1));
    await reverse('skew-1', p.robloxId);
    expect((await account(id)).balance).toBe(-990);
    await expectInvariant(t.deps.db);
  });
});

describe(`migration 0039 on ${testEngine}`, () => {
  it('gives accounts deleted before it what they gave up, less what reversals since took', async () => {
    const empty = await createEmptyDatabase();
    const db = createDatabase(empty.url);
    try {
      await new Migrator({ db, provider: migrationProvider }).migrateTo('0038_session_signals');
      await insertRawUser(db, 1);
      await insertRawUser(db, 2);
      const entry = (id: number, amount: number, kind: 'survey' | 'forfeit', key: string) =>
        db
          .insertInto('ledger_entries')
          .values({
            id,
            user_id: 1,
            amount,
            kind,
            idempotency_key: key,
            description: kind,
            params: '{}',
            created_at: '2026-01-02T00:00:00.000Z',
          })
          .execute();
      await entry(1, 300, 'survey', 'postback:cpx:t1');
      await entry(2, 700, 'survey', 'postback:cpx:t2');
      await entry(3, -700, 'forfeit', 'forfeit:1');
      // Reversed after the deletion, when a deleted account's reversal debited nothing: R$3 of the 7 used.
      await db
        .insertInto('offer_transactions')
        .values({
          wall_slug: 'cpx',
          trans_id: 't1',
          user_id: 1,
          kind: 'survey',
          amount: 300,
          description: 'CPX survey',
          state: 'reversed',
          release_at: null,
          credit_entry_id: 1,
          reversal_entry_id: null,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-03T00:00:00.000Z',
        })
        .execute();
      await db
        .updateTable('users')
        .set({ balance: -700, deleted_at: '2026-01-02T00:00:00.000Z' })
        .where('id', '=', 1)
        .execute();
      await migrateToLatest(db);
      const users = await db
        .selectFrom('users')
        .select(['id', 'forfeit_cover', 'forfeit_cover_through'])
        .orderBy('id')
        .execute();
      expect(
        users.map((u) => [Number(u.id), Number(u.forfeit_cover), Number(u.forfeit_cover_through)]),
      ).toEqual([
        [1, 400, 3],
        [2, 0, 0],
      ]);
    } finally {
      await db.destroy();
      await empty.remove();
    }
  });
});
