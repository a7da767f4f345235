import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_IN_FLIGHT_MESSAGE } from '@rewards/contracts';
import { isPostgres } from '../src/db/database.ts';
import { adminCookie } from './support/admin.ts';
import { expectInvariant, postEntry } from './support/ledger.ts';
import { CPX_ADDRESS, cpxPostbackPath, expectPostbackCredited } from './support/postbacks.ts';
import { proveOwnership } from './support/players.ts';
import {
  atMinute,
  insertGiveawayRow,
  insertSignInTraces,
  insertWithdrawalRow,
  ledgerEntries,
} from './support/records.ts';
import { loginFrom, signInFrom, type SignedInFrom } from './support/sign-ins.ts';
import { consoleRead, signedInStaff } from './support/staff.ts';
import { addressesIn, playerCall } from './support/calls.ts';
import { openTestApp, t } from './support/suite.ts';
import { testEngine } from './support/test-database.ts';

/*
 * Delete my account: afterwards no table holds the player's name, Roblox id or sign-in
 * hashes, the ledger still adds up, the operator's totals are unchanged, and the Roblox account gets
 * the same account back only on proof. The player's rows are made through the real endpoints where
 * they exist (sign-ins, postbacks) and straight in the database for the rest, as the data export
 * test does.
 */

const OWNER = 'ZeldaQuartz';
const OWNER_ROBLOX_ID = 7346251989;
const REFERRER = 'CarolPlays';
/** Each sign-in from its own address. */
const nextAddress = addressesIn('198.51.100');
/** The deletion dialog's calls (`playerCall`): what deleting would forfeit, and the deletion. */
const PREVIEW = { url: '/api/account/delete' };
const DELETE = { method: 'POST', url: '/api/account/delete' } as const;

/** Every row of every table, as text values, from the engine's own catalog. */
async function everyValue(): Promise<{ where: string; value: string }[]> {
  const db = t.deps.db;
  const tables = isPostgres(db)
    ? (
        await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      ).rows
    : (
        await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db)
      ).rows;
  expect(tables.map((r) => r.name)).toEqual(
    expect.arrayContaining(['users', 'sign_in_signals', 'postbacks']),
  );
  const values: { where: string; value: string }[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value !== null) values.push({ where: `${name}.${column}`, value: String(value) });
      }
    }
  }
  return values;
}

async function totals() {
  const cookie = await adminCookie(t);
  const overview = await consoleRead(t, cookie, '/api/admin/overview');
  const { owed } = await consoleRead(t, cookie, '/api/admin/economics');
  const sums = await t.deps.db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.sum<number>('balance').as('balance'),
      eb.fn.sum<number>('earnings').as('earnings'),
    ])
    .executeTakeFirstOrThrow();
  return { overview, owed: owed.total, balance: Number(sums.balance), earnings: Number(sums.earnings) };
}

describe(`deleting an account on ${testEngine}`, () => {
  openTestApp();

  let owner: SignedInFrom;
  let hashes: string[];

  beforeAll(async () => {
    await t.control('POST', '/users', { id: OWNER_ROBLOX_ID, name: OWNER });
    const referrer = await signInFrom(t, REFERRER, {
      address: nextAddress(),
      browser: `${REFERRER} browser`,
    });
    owner = await signInFrom(t, OWNER, {
      address: nextAddress(),
      browser: `${OWNER} browser`,
      ref: REFERRER,
    });
    // A second session from another address, with the device id cookie of the first (a typed name
    // records nothing on an account that exists: the first sign-in's device and address remain).
    await signInFrom(t, OWNER, { address: nextAddress(), browser: `${OWNER} browser`, device: owner.device });
    const db = t.deps.db;

    await expectPostbackCredited(
      t,
      cpxPostbackPath({ trans: 'owner-t1', user: OWNER_ROBLOX_ID, local: '2.00' }),
    );
    await postEntry(t.deps.db, t.clock, owner.id, 500, { kind: 'daily', params: { day: 1 } });
    // The referrer's commission names the owner; an audit row quotes the owner's name and Roblox id.
    await postEntry(t.deps.db, t.clock, referrer.id, 30, { kind: 'referral', params: { friend: OWNER } });
    await insertWithdrawalRow(t.deps.db, owner.id, {
      seller_id: OWNER_ROBLOX_ID,
      last_error: `seller ${OWNER_ROBLOX_ID} owns it`,
      review_reasons: JSON.stringify([{ code: 'new', text: `${OWNER.toLowerCase()} is new` }]),
    });
    await db
      .insertInto('audit_log')
      .values({
        actor: 'staff-member-name',
        action: 'user.ban',
        target: `user:${owner.id}`,
        before: JSON.stringify({ username: OWNER, robloxId: OWNER_ROBLOX_ID }),
        after: JSON.stringify({ note: `banned ${OWNER}` }),
        created_at: atMinute(15),
      })
      .execute();
    await insertSignInTraces(db, owner.id, 'owner', atMinute);
    const giveaway = await insertGiveawayRow(db);
    await db
      .insertInto('giveaway_entries')
      .values({ giveaway_id: giveaway.id, user_id: owner.id, created_at: atMinute(12) })
      .execute();
    await db
      .insertInto('streaks')
      .values({ user_id: owner.id, day: 1, last_claim_day: '2026-03-02', updated_at: atMinute(5) })
      .execute();
    hashes = (
      await db.selectFrom('sign_in_signals').select('value_hash').where('user_id', '=', owner.id).execute()
    ).map((r) => r.value_hash);
    expect(hashes.length).toBeGreaterThanOrEqual(2);
  });

  it('asks for the balance the dialog showed, then leaves no trace of the player in any table', async () => {
    // A typed name is not proof: whoever typed it cannot delete the account.
    expect((await playerCall(t, { ...PREVIEW, token: owner.token })).json()).toMatchObject({
      proofRequired: true,
    });
    const typed = await playerCall(t, {
      ...DELETE,
      token: owner.token,
      body: { confirm: 'DELETE', forfeitRobux: 7 },
    });
    expect([typed.statusCode, typed.json().code]).toEqual([403, 'PROOF_REQUIRED']);
    await proveOwnership(t, owner);
    const before = await totals();
    const name = OWNER.toLowerCase();
    const robloxId = new RegExp(`(?<![0-9])${OWNER_ROBLOX_ID}(?![0-9])`);
    const traces = async () =>
      (await everyValue()).filter(
        ({ value }) =>
          value.toLowerCase().includes(name) || robloxId.test(value) || hashes.some((h) => value.includes(h)),
      );
    // The scan sees the player everywhere they are before the deletion.
    const wheres = new Set((await traces()).map((f) => f.where));
    expect([...wheres]).toEqual(
      expect.arrayContaining([
        'users.username',
        'users.roblox_id',
        'sign_in_signals.value_hash',
        'ledger_entries.description',
        'postbacks.params',
        'withdrawals.seller_id',
        'audit_log.before',
      ]),
    );

    const preview = await playerCall(t, { ...PREVIEW, token: owner.token });
    expect(preview.json()).toEqual({ balance: 7, pending: 0, proofRequired: false });

    const wrong = await playerCall(t, {
      ...DELETE,
      token: owner.token,
      body: { confirm: 'DELETE', forfeitRobux: 2 },
    });
    expect([wrong.statusCode, wrong.json().code, wrong.json().balance]).toEqual([409, 'BALANCE_CHANGED', 7]);
    expect(
      (await playerCall(t, { ...DELETE, token: owner.token, body: { forfeitRobux: 7 } })).statusCode,
    ).toBe(400);

    const res = await playerCall(t, {
      ...DELETE,
      token: owner.token,
      body: { confirm: 'DELETE', forfeitRobux: 7 },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { deleted: true, forfeited: 7 }]);
    // The session is gone with the others.
    expect((await playerCall(t, { ...PREVIEW, token: owner.token })).statusCode).toBe(401);

    expect(await traces()).toEqual([]);

    await expectInvariant(t.deps.db);
    // The balance is forfeited: the site no longer owes it, and its ledger says so.
    expect(await totals()).toEqual({ ...before, owed: before.owed - 7, balance: before.balance - 700 });
    const forfeit = await ledgerEntries(t.deps.db, { userId: owner.id, keyLike: `forfeit:${owner.id}:%` });
    expect(
      forfeit.map((e) => ({ amount: Number(e.amount), kind: e.kind, description: e.description })),
    ).toEqual([{ amount: -700, kind: 'forfeit', description: 'Balance forfeited: account deleted' }]);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select(['actor', 'target'])
      .where('action', '=', 'account.delete')
      .execute();
    expect(audit).toEqual([{ actor: 'player', target: `user:${owner.id}` }]);
    // The withdrawal and ledger rows stay, pseudonymised, for the operator's accounting.
    const kept = await t.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(kept.length).toBeGreaterThan(0);
  });

  it('gives the account back to its Roblox account on proof, with nothing of its balance', async () => {
    // A typed name does not undo the deletion: it is asked for proof, and the account stays deleted.
    const typed = await loginFrom(t, OWNER, { address: nextAddress(), browser: `${OWNER} browser` });
    expect([typed.status, typed.body.code]).toEqual([403, 'ACCOUNT_PROTECTED']);
    const still = await t.deps.db
      .selectFrom('users')
      .select(['username', 'deleted_at'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ username: `deleted-${owner.id}`, deleted_at: expect.any(String) });
    expect(await everyValue()).not.toContainEqual(expect.objectContaining({ value: OWNER }));

    await t.control('PUT', `/users/${OWNER_ROBLOX_ID}/description`, {
      description: typed.body.proof.sentence,
    });
    const proven = await t.app.inject({
      method: 'POST',
      url: '/api/login/prove',
      payload: { proofToken: typed.body.proof.proofToken },
      remoteAddress: nextAddress(),
    });
    expect(proven.statusCode, proven.body).toBe(200);
    const back = await t.deps.db
      .selectFrom('users')
      .select(['id', 'username', 'roblox_id', 'deleted_at'])
      .where('roblox_id', '=', OWNER_ROBLOX_ID)
      .executeTakeFirstOrThrow();
    expect({ ...back, roblox_id: Number(back.roblox_id) }).toEqual({
      id: owner.id,
      username: OWNER,
      roblox_id: OWNER_ROBLOX_ID,
      deleted_at: null,
    });
    const profile = await playerCall(t, { ...PREVIEW, token: proven.json().token });
    expect(profile.json()).toMatchObject({ balance: 0 });
    await expectInvariant(t.deps.db);
  });

  it('waits for a withdrawal in flight, with words that say why', async () => {
    const player = await signInFrom(t, 'WaitingWill', {
      address: nextAddress(),
      browser: 'WaitingWill browser',
    });
    await postEntry(t.deps.db, t.clock, player.id, 2000, { kind: 'admin', params: {} });
    await insertWithdrawalRow(t.deps.db, player.id, { state: 'pending', paid_at: null });
    const preview = await playerCall(t, { ...PREVIEW, token: player.token });
    expect(preview.json()).toEqual({
      balance: 20,
      pending: 0,
      blocked: { code: 'WITHDRAWAL_IN_FLIGHT', message: WITHDRAWAL_IN_FLIGHT_MESSAGE },
      proofRequired: true,
    });
    const res = await playerCall(t, {
      ...DELETE,
      token: player.token,
      body: { confirm: 'DELETE', forfeitRobux: 20 },
    });
    expect([res.statusCode, res.json().code, res.json().error]).toEqual([
      409,
      'WITHDRAWAL_IN_FLIGHT',
      WITHDRAWAL_IN_FLIGHT_MESSAGE,
    ]);
  });

  it('asks a protected account for proof of ownership, as turning protection off does', async () => {
    const player = await signInFrom(t, 'GuardedGwen', {
      address: nextAddress(),
      browser: 'GuardedGwen browser',
    });
    await t.deps.db
      .updateTable('users')
      .set({ protected: 1, verified: 1 })
      .where('id', '=', player.id)
      .execute();
    expect((await playerCall(t, { ...PREVIEW, token: player.token })).json()).toEqual({
      balance: 0,
      pending: 0,
      proofRequired: true,
    });
    const refused = await playerCall(t, {
      ...DELETE,
      token: player.token,
      body: { confirm: 'DELETE', forfeitRobux: 0 },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'PROOF_REQUIRED']);

    const proof = (
      await playerCall(t, { method: 'POST', url: '/api/account/protection/proof', token: player.token })
    ).json();
    const robloxId = (
      await t.deps.db
        .selectFrom('users')
        .select('roblox_id')
        .where('id', '=', player.id)
        .executeTakeFirstOrThrow()
    ).roblox_id;
    await t.control('PUT', `/users/${robloxId}/description`, { description: proof.sentence });
    const res = await playerCall(t, {
      ...DELETE,
      token: player.token,
      body: { confirm: 'DELETE', forfeitRobux: 0, proofToken: proof.proofToken },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('lets the owner delete an account on request, audited with their name; a moderator gets 403', async () => {
    const player = await signInFrom(t, 'AskingAnna', {
      address: nextAddress(),
      browser: 'AskingAnna browser',
    });
    const moderator = (await signedInStaff(t, 'moderator', { address: nextAddress() })).cookie;
    const url = `/api/admin/users/${player.id}/delete`;
    const denied = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: moderator },
      payload: { confirm: 'DELETE' },
    });
    expect(denied.statusCode).toBe(403);

    const cookie = await adminCookie(t);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: { confirm: 'DELETE' },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { deleted: true, forfeited: 0 }]);
    const audit = await t.deps.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'account.delete')
      .where('target', '=', `user:${player.id}`)
      .executeTakeFirstOrThrow();
    expect(audit.actor).not.toBe('player');
    expect(audit.actor).not.toBe('admin');
    const user = await t.deps.db
      .selectFrom('users')
      .select(['username', 'deleted_at'])
      .where('id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ username: `deleted-${player.id}`, deleted_at: expect.any(String) });
    // Already deleted: nothing left to delete.
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: { confirm: 'DELETE' },
    });
    expect(again.statusCode).toBe(404);
  });

  it("leaves another player's records alone where a word merely equals the deleted name", async () => {
    const cookie = await adminCookie(t);
    const other = await signInFrom(t, 'GrantedGreta', { address: nextAddress(), browser: 'Greta browser' });
    // The second reason is a value equal to the name, under a key that does not name a player.
    for (const reason of ['Contest winner', 'Contest']) {
      const grant = await t.app.inject({
        method: 'POST',
        url: '/api/admin/add-points',
        headers: { cookie },
        payload: { userId: other.id, points: 5, reason },
      });
      expect(grant.statusCode, grant.body).toBe(200);
    }
    const texts = async () => ({
      entries: await t.deps.db
        .selectFrom('ledger_entries')
        .select(['description', 'params'])
        .where('user_id', '=', other.id)
        .execute(),
      audit: await t.deps.db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('target', '=', `user:${other.id}`)
        .execute(),
    });
    const before = await texts();
    expect(JSON.stringify(before)).toContain('Contest winner');

    // A player whose Roblox name is that word deletes their account. A survey credited them before
    // they signed up (refused as an unknown user: no account in the row, their Roblox id in its text).
    const { id: contestRobloxId } = await t.control('POST', '/users', { name: 'Contest' });
    const early = await t.app.inject({
      method: 'GET',
      url: cpxPostbackPath({ trans: 'contest-early', user: contestRobloxId, local: '1.00' }),
      remoteAddress: CPX_ADDRESS,
    });
    expect(early.statusCode).toBe(404);
    const contest = await signInFrom(t, 'Contest', { address: nextAddress(), browser: 'Contest browser' });
    await proveOwnership(t, contest);
    const res = await playerCall(t, {
      ...DELETE,
      token: contest.token,
      body: { confirm: 'DELETE', forfeitRobux: 0 },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { deleted: true, forfeited: 0 }]);
    expect(await texts()).toEqual(before);
    // The refused postback held their Roblox id: gone from its parameters and URL.
    const refused = await t.deps.db
      .selectFrom('postbacks')
      .select(['params', 'raw_url'])
      .where('verdict', '=', 'unknown_user')
      .execute();
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect(`${r.params} ${r.raw_url}`).not.toMatch(new RegExp(`(?<![0-9])${contestRobloxId}(?![0-9])`));
  });
});
