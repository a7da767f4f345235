import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie } from './support/admin.ts';
import { accountOf } from './support/accounts.ts';
import { expectInvariant } from './support/ledger.ts';
import {
  cpxPostbackPath,
  expectPostbackCredited,
  md5,
  sendCpxPostback,
  TEST_CPX_SECRET,
} from './support/postbacks.ts';
import { countRows, ledgerEntriesWithKey, postbackRows } from './support/records.ts';
import { consoleCall } from './support/staff.ts';
import { signInPlayer } from './support/players.ts';
import { signInFrom } from './support/sign-ins.ts';
import { openTestApp, t } from './support/suite.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';

/*
 * CPX Research signs a postback's transaction id as md5(trans_id-secret) and its survey frame shows
 * each player md5(userId-secret): a transaction id equal to a player's Roblox id carries a hash the
 * site handed out. Deleting the account removes the Roblox id from `users`; the refusal must stay.
 */

const BOB = 'BobBuilder';

interface Player {
  name: string;
  token: string;
  robloxId: number;
}

/** The survey frame's `secure_hash`, as the player's browser receives it. */
async function frameHash(player: Player): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/cpx/frame', headers: bearer(player.token) });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().src).searchParams.get('secure_hash')!;
}

/** POST /api/account/delete with a bio proof of ownership and the balance the dialog shows. */
async function deleteOwnAccount(player: Player): Promise<void> {
  const headers = bearer(player.token);
  const proof = await t.app.inject({ method: 'POST', url: '/api/account/protection/proof', headers });
  expect(proof.statusCode, proof.body).toBe(200);
  await t.control('PUT', `/users/${player.robloxId}/description`, { description: proof.json().sentence });
  const preview = await t.app.inject({ method: 'GET', url: '/api/account/delete', headers });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/delete',
    headers,
    payload: { confirm: 'DELETE', forfeitRobux: preview.json().balance, proofToken: proof.json().proofToken },
  });
  expect([res.statusCode, res.json().deleted], res.body).toEqual([200, true]);
}

const retiredHashes = async () =>
  (await t.deps.db.selectFrom('retired_roblox_ids').select('id_hash').execute()).map((r) => r.id_hash);

describe(`a deleted account's Roblox id stays refused as a CPX transaction id on ${testEngine}`, () => {
  openTestApp();
  let bob: Player;

  beforeAll(async () => {
    bob = await signInFrom(t, BOB);
  });
  afterEach(async () => {
    await expectInvariant(t.deps.db);
  });

  /**
   * The forgery: the deleted player's frame hash as the signature of trans_id = their Roblox id, a
   * credit for Bob, from CPX's own address, with a USD payout that fits the wall's rate.
   */
  async function expectForgeryRefused(robloxId: number, hash: string, trans = String(robloxId)) {
    expect(hash).toBe(md5(`${trans}-${TEST_CPX_SECRET}`));
    const before = await accountOf(t.deps.db, bob.robloxId);
    const path = cpxPostbackPath({ trans, user: bob.robloxId, local: '5', usd: '0.05', hash });
    for (let i = 0; i < 2; i++) {
      const res = await sendCpxPostback(t, path);
      expect([res.statusCode, res.body]).toEqual([403, 'Invalid hash']);
    }
    expect(await accountOf(t.deps.db, bob.robloxId)).toEqual(before);
    expect(await ledgerEntriesWithKey(t.deps.db, `postback:cpx:${trans}`)).toHaveLength(0);
  }

  it('after POST /api/account/delete, a correctly hashed CPX postback with that Roblox id as trans_id credits nothing', async () => {
    const erin = await signInFrom(t, 'ErinLeaves');
    const hash = await frameHash(erin);
    await expectForgeryRefused(erin.robloxId, hash);
    const retiredBefore = await retiredHashes();

    await deleteOwnAccount(erin);
    expect(await countRows(t.deps.db, 'users', 'roblox_id', erin.robloxId)).toBe(0);
    // One row more, which holds a keyed hash, never the id itself.
    const added = (await retiredHashes()).filter((h) => !retiredBefore.includes(h));
    expect(added).toHaveLength(1);
    expect(added[0]).not.toContain(String(erin.robloxId));
    expect(added[0]).not.toBe(hash);

    await expectForgeryRefused(erin.robloxId, hash);
    const stored = await postbackRows(t.deps.db, { slug: 'cpx', trans: String(erin.robloxId) });
    expect(stored.map((r) => [r.verdict, r.reason, r.ledger_entry_id])).toEqual(
      Array.from({ length: 4 }, () => ['forged', 'Invalid hash', null]),
    );
  });

  it("a deletion by staff on the player's request retires the Roblox id too", async () => {
    const finn = await signInFrom(t, 'FinnRequests');
    const hash = await frameHash(finn);
    const { id } = await accountOf(t.deps.db, finn.robloxId);
    const deleted = await consoleCall(t, await adminCookie(t), 'POST', `/api/admin/users/${id}/delete`, {
      confirm: 'DELETE',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await countRows(t.deps.db, 'users', 'roblox_id', finn.robloxId)).toBe(0);
    await expectForgeryRefused(finn.robloxId, hash);
  });

  it('a Roblox id deleted, signed up again and deleted again stays refused', async () => {
    const gail = await signInFrom(t, 'GailReturns');
    const hash = await frameHash(gail);
    await deleteOwnAccount(gail);
    // Proven through the bio, the Roblox account gets its account back.
    const again = await signInPlayer(t, 'GailReturns');
    expect(again.robloxId).toBe(gail.robloxId);
    expect((await accountOf(t.deps.db, gail.robloxId)).id).toBe(gail.id);
    await expectForgeryRefused(gail.robloxId, hash);
    const retired = (await retiredHashes()).length;
    await deleteOwnAccount(again);
    expect((await retiredHashes()).length).toBe(retired);
    await expectForgeryRefused(gail.robloxId, hash);
  });

  it('a numeric transaction id that was never a Roblox id of an account still credits', async () => {
    await expectPostbackCredited(t, cpxPostbackPath({ trans: '987654321', user: bob.robloxId, local: '2' }));
    const stored = await postbackRows(t.deps.db, { slug: 'cpx', trans: '987654321' });
    expect(stored.map((r) => [r.verdict, r.reason, r.ledger_entry_id])).toEqual([
      ['credited', null, expect.any(Number)],
    ]);
  });
});
