import { beforeAll, describe, expect, it } from 'vitest';
import { adminCookie } from './support/admin.ts';
import { expectInvariant } from './support/ledger.ts';
import { expectPostbackCredited } from './support/postbacks.ts';
import { deleteOwnAccount, signInPlayer, verifyPlayer, type SignedInPlayer } from './support/players.ts';
import { OAUTH_CALLBACK, OAUTH_SITE, registerOAuthClient, robloxSignInEnv } from './support/roblox-oauth.ts';
import { loginFrom } from './support/sign-ins.ts';
import { consoleCall } from './support/staff.ts';
import { openTestApp, t } from './support/suite.ts';
import { createTestApp } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';

/*
 * A deleted account comes back to its Roblox account only as decision 0043 says: on proof, within
 * the account limits, never banned, with nothing a stranger's typing leaves behind, and with its
 * given-up balance still covering reversals of what it had earned.
 */

const typeName = (username: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username } });
const idOf = async (robloxId: number) =>
  Number(
    (
      await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('roblox_id', '=', robloxId)
        .executeTakeFirstOrThrow()
    ).id,
  );
const userRow = (id: number) =>
  t.deps.db
    .selectFrom('users')
    .select(['username', 'roblox_id', 'status', 'deleted_at', 'balance'])
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
  const id = await idOf(player.robloxId);
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
    const goneId = await idOf(gone.robloxId);
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

  it('staff cannot add R$ to a deleted account', async () => {
    const gone = await signInPlayer(t, 'PointsGhost');
    const goneId = await idOf(gone.robloxId);
    await deleteOwnAccount(t, gone, 0);
    const res = await consoleCall(t, cookie, 'POST', '/api/admin/add-points', { userId: goneId, points: 25 });
    expect([res.statusCode, res.json().error]).toEqual([
      409,
      'This player deleted their account: nothing can be added to it.',
    ]);
    expect(Number((await userRow(goneId)).balance)).toBe(0);
  });

  it('a credit given up with the account and reversed after it came back costs nothing more', async () => {
    const ben = await signInPlayer(t, 'RevBen');
    const benId = await idOf(ben.robloxId);
    await expectPostbackCredited(t, { trans: 'rr-b', user: ben.robloxId, local: '10.00' });
    await deleteOwnAccount(t, ben, 10);
    const back = await signInPlayer(t, 'RevBen');
    expect(await idOf(back.robloxId)).toBe(benId);
    await expectPostbackCredited(t, { status: '2', trans: 'rr-b', user: ben.robloxId, local: '0' });
    expect(Number((await userRow(benId)).balance)).toBe(0);
    // A credit earned after the return is taken back whole.
    await expectPostbackCredited(t, { trans: 'rr-c', user: ben.robloxId, local: '4.00' });
    await expectPostbackCredited(t, { status: '2', trans: 'rr-c', user: ben.robloxId, local: '0' });
    expect(Number((await userRow(benId)).balance)).toBe(0);
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
    const kimId = await idOf(kim.robloxId);
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
