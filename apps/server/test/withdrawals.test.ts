import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from './support/test-database.ts';
import { bearer, createTestApp, type TestApp } from './support/test-app.ts';
import { balanceOf } from './support/accounts.ts';
import { expectInvariant } from './support/ledger.ts';
import { verifyPlayer, type SignedInPlayer } from './support/players.ts';
import { playerWith } from './support/sign-ins.ts';
import { newPass, withdraw } from './support/gamepasses.ts';
import { startDiscordHook, type DiscordHook } from './support/discord-hook.ts';
import { countRows, ledgerEntries } from './support/records.ts';

let t: TestApp;

type Player = SignedInPlayer & { userId: number };

describe(`withdraw requests on ${testEngine}`, () => {
  let alice: Player;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await playerWith(t, 'AliceRBX', { verified: true, balance: 100 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses each bad request with a clear message; the balance stays and nothing is recorded', async () => {
    const good = await newPass(t, 1001, 10);
    const othersPass = await newPass(t, 1002, 10);
    const wrongPrice = await newPass(t, 1001, 10, { price: 10 });
    const notForSale = await newPass(t, 1001, 10, { isForSale: false });
    const offSale = await newPass(t, 1001, 10, { price: null, isForSale: false });
    const link = (id: number) => `https://www.roblox.com/game-pass/${id}/My-Pass`;

    // The last column: the reason and figures the answer carries, so a page words it in any language.
    const range = { reason: 'AMOUNT_OUT_OF_RANGE', minimum: 5, maximum: 10000 };
    const cases: Array<[string, object, number, string | RegExp, object?]> = [
      [
        'gamepass of another user',
        { gamepassUrl: link(othersPass), amount: 10 },
        403,
        /This gamepass does not belong to your Roblox account/,
        { code: 'FORBIDDEN', reason: 'GAMEPASS_NOT_YOURS' },
      ],
      [
        'wrong price',
        { gamepassUrl: link(wrongPrice), amount: 10 },
        400,
        /Set your gamepass price to 15 Robux \(it is 10 now\)/,
        { code: 'VALIDATION', reason: 'GAMEPASS_WRONG_PRICE', price: 15, currentPrice: 10 },
      ],
      [
        'not for sale',
        { gamepassUrl: link(notForSale), amount: 10 },
        400,
        /not for sale/,
        { code: 'VALIDATION', reason: 'GAMEPASS_NOT_FOR_SALE', price: 15 },
      ],
      ['not for sale, no price', { gamepassUrl: link(offSale), amount: 10 }, 400, /not for sale/],
      [
        'unknown gamepass',
        { gamepassUrl: link(987654321), amount: 10 },
        404,
        'Gamepass not found.',
        { code: 'NOT_FOUND', reason: 'GAMEPASS_NOT_FOUND' },
      ],
      [
        'amount 0',
        { gamepassUrl: link(good), amount: 0 },
        400,
        /whole number of Robux between 5 and 10000/,
        range,
      ],
      ['amount -5', { gamepassUrl: link(good), amount: -5 }, 400, /whole number/],
      ['amount 2.5', { gamepassUrl: link(good), amount: 2.5 }, 400, /whole number/],
      ['amount "abc"', { gamepassUrl: link(good), amount: 'abc' }, 400, /whole number/],
      ['amount "-5"', { gamepassUrl: link(good), amount: '-5' }, 400, /whole number/],
      ['amount missing', { gamepassUrl: link(good) }, 400, /whole number/],
      ['amount below the minimum', { gamepassUrl: link(good), amount: 3 }, 400, /between 5 and 10000/, range],
      [
        'amount above the maximum',
        { gamepassUrl: link(good), amount: 10001 },
        400,
        /between 5 and 10000/,
        range,
      ],
      [
        'amount above the balance',
        { gamepassUrl: link(good), amount: 101 },
        409,
        'You only have 100 Robux available.',
        { code: 'INSUFFICIENT_FUNDS', balance: 100 },
      ],
      ['no gamepass', { amount: 10 }, 400, /gamepass/, { reason: 'GAMEPASS_LINK_MISSING' }],
      [
        'a link without an id',
        { gamepassUrl: 'https://www.roblox.com/game-pass/My-Pass', amount: 10 },
        400,
        /Could not find a gamepass ID/,
        { reason: 'GAMEPASS_LINK_INVALID' },
      ],
    ];
    for (const [name, payload, status, message, figures] of cases) {
      const res = await withdraw(t.app, alice.token, payload, { 'user-balance': '999999' });
      expect(res.statusCode, name).toBe(status);
      const body = res.json();
      expect(body.success, name).toBe(false);
      expect(body.message, name).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      );
      expect(body.error, name).toBe(body.message);
      if (figures) expect(body, name).toMatchObject(figures);
    }
    expect(await balanceOf(t.deps.db, alice.userId)).toBe(100);
    expect(await countRows(t.deps.db, 'withdrawals', 'user_id', alice.userId)).toBe(0);
    await expectInvariant(t.deps.db);
  });

  it('refuses a player who is not verified, and a banned one', async () => {
    const bob = await playerWith(t, 'BobBuilder', { balance: 50 });
    const pass = await newPass(t, 1002, 10);
    const res = await withdraw(t.app, bob.token, { gamepassId: String(pass), amount: 10 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'You must verify your Roblox profile before withdrawing.',
    });

    await verifyPlayer(t, bob);
    await t.deps.db.updateTable('users').set({ status: 'banned' }).where('id', '=', bob.userId).execute();
    const banned = await withdraw(t.app, bob.token, { gamepassId: String(pass), amount: 10 });
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toMatchObject({
      code: 'BANNED',
      success: false,
      message: expect.stringContaining('banned'),
    });
    expect(await balanceOf(t.deps.db, bob.userId)).toBe(50);
    expect(await countRows(t.deps.db, 'withdrawals', 'user_id', bob.userId)).toBe(0);
    await t.deps.db.updateTable('users').set({ status: 'active' }).where('id', '=', bob.userId).execute();

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/withdraw',
      payload: { gamepassId: pass, amount: 10 },
    });
    expect(anonymous.statusCode).toBe(401);
    await expectInvariant(t.deps.db);
  });

  it('Roblox down while checking the gamepass: 503, balance unchanged', async () => {
    const pass = await newPass(t, 1001, 10);
    await t.control('POST', '/mode', { mode: 'down' });
    try {
      const res = await withdraw(t.app, alice.token, { gamepassId: pass, amount: 10 });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Roblox is not responding, please try again',
      });
    } finally {
      await t.control('POST', '/mode', { mode: 'up' });
    }
    expect(await balanceOf(t.deps.db, alice.userId)).toBe(100);
  });

  it('a valid request: one debit "Withdraw For Robux" and a pending withdrawal, in one go', async () => {
    const pass = await newPass(t, 1001, 10);
    // The spec's client sends username and user-balance: both ignored.
    const res = await withdraw(
      t.app,
      alice.token,
      {
        gamepassUrl: `https://www.roblox.com/game-pass/${pass}/Cash-Out`,
        amount: 10,
        username: 'BobBuilder',
      },
      { 'user-balance': '1000000' },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      withdrawal: { robux: 10, price: 15, gamepassId: pass, state: 'pending' },
      robux: 90,
    });
    expect(await balanceOf(t.deps.db, alice.userId)).toBe(90);

    const row = await t.deps.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', body.withdrawal.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: alice.userId,
      robux: 10,
      price: 15,
      state: 'pending',
      seller_id: 1001,
    });
    expect(Number(row.amount)).toBe(1000);
    const entry = await t.deps.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('id', '=', row.ledger_entry_id!)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      kind: 'withdrawal',
      description: 'Withdraw For Robux',
      idempotency_key: `withdrawal:${row.id}`,
      user_id: alice.userId,
    });
    expect(Number(entry.amount)).toBe(-1000);
    expect(JSON.parse(entry.meta!)).toMatchObject({ withdrawalId: row.id });

    // The same gamepass cannot carry a second live withdrawal (the payout account can own it once).
    const again = await withdraw(t.app, alice.token, { gamepassId: pass, amount: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already used for a withdrawal/);
    expect(await balanceOf(t.deps.db, alice.userId)).toBe(90);

    // The player's own list; another player sees none of it.
    const list = await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(alice.token) });
    expect(list.json().withdrawals[0]).toMatchObject({
      id: row.id,
      robux: 10,
      price: 15,
      gamepassId: pass,
      state: 'pending',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const carol = await playerWith(t, 'CarolPlays');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/withdrawals',
      headers: bearer(carol.token),
    });
    expect(other.json()).toEqual({ withdrawals: [] });
    await expectInvariant(t.deps.db);
  });

  it('takes the gamepass as a numeric id, an id string, or a link in gamepassId (the spec field)', async () => {
    for (const form of [
      (id: number) => id,
      (id: number) => String(id),
      (id: number) => `www.roblox.com/game-pass/${id}`,
    ]) {
      const pass = await newPass(t, 1001, 5);
      const res = await withdraw(t.app, alice.token, { gamepassId: form(pass), amount: '5' });
      expect(res.statusCode).toBe(200);
      expect(res.json().withdrawal).toMatchObject({ gamepassId: pass, robux: 5, price: 8 });
    }
    expect(await balanceOf(t.deps.db, alice.userId)).toBe(75);
    await expectInvariant(t.deps.db);
  });

  it('an Idempotency-Key makes a repeated submit return the first result, also when repeated at once', async () => {
    const before = await balanceOf(t.deps.db, alice.userId);
    const pass = await newPass(t, 1001, 7);
    const key = randomUUID();
    const first = await withdraw(
      t.app,
      alice.token,
      { gamepassId: pass, amount: 7 },
      { 'idempotency-key': key },
    );
    expect(first.statusCode).toBe(200);
    const second = await withdraw(
      t.app,
      alice.token,
      { gamepassId: pass, amount: 7 },
      { 'idempotency-key': key },
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().withdrawal).toEqual(first.json().withdrawal);
    expect(await balanceOf(t.deps.db, alice.userId)).toBe(before - 7);

    const pass2 = await newPass(t, 1001, 6);
    const key2 = randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        withdraw(t.app, alice.token, { gamepassId: pass2, amount: 6 }, { 'idempotency-key': key2 }),
      ),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(burst.map((r) => r.json().withdrawal.id)).size).toBe(1);
    expect(await balanceOf(t.deps.db, alice.userId)).toBe(before - 13);

    // A key is the player's own: the same key from someone else is a different request.
    const bob = await playerWith(t, 'BobBuilder');
    const bobPass = await newPass(t, 1002, 5);
    const bobs = await withdraw(
      t.app,
      bob.token,
      { gamepassId: bobPass, amount: 5 },
      { 'idempotency-key': key },
    );
    expect(bobs.statusCode).toBe(200);
    expect(bobs.json().withdrawal.id).not.toBe(first.json().withdrawal.id);
    await expectInvariant(t.deps.db);
  });

  it('20 concurrent withdrawals of the whole balance: exactly one is accepted', async () => {
    const dave = await playerWith(t, 'DaveTheBrave', { verified: true, balance: 50 });
    const passes = await Promise.all(Array.from({ length: 20 }, () => newPass(t, 1004, 50)));
    const results = await Promise.all(
      passes.map((pass) => withdraw(t.app, dave.token, { gamepassId: pass, amount: 50 })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
        message: 'You only have 0 Robux available.',
      });
    }
    expect(await balanceOf(t.deps.db, dave.userId)).toBe(0);
    expect(await countRows(t.deps.db, 'withdrawals', 'user_id', dave.userId)).toBe(1);
    const debits = await ledgerEntries(t.deps.db, { userId: dave.userId, kind: 'withdrawal' });
    expect(debits).toHaveLength(1);
    await expectInvariant(t.deps.db);
  });

  it('concurrent withdrawals to one gamepass with money for all: exactly one is accepted', async () => {
    const carol = await playerWith(t, 'CarolPlays', { verified: true, balance: 100 });
    const pass = await newPass(t, 1003, 5);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => withdraw(t.app, carol.token, { gamepassId: pass, amount: 5 })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await balanceOf(t.deps.db, carol.userId)).toBe(95);
    await expectInvariant(t.deps.db);
  });
});

describe(`withdraw notifications on ${testEngine}`, () => {
  let hook: DiscordHook;
  let app: TestApp;

  beforeAll(async () => {
    hook = await startDiscordHook();
    app = await createTestApp({ env: { DISCORD_WEBHOOK_URL: hook.url } });
    t = app;
  });
  afterAll(async () => {
    await app.close();
    await hook.close();
  });

  it('tells the webhook about each request, without mentions; a hanging webhook blocks nothing', async () => {
    const alice = await playerWith(t, 'AliceRBX', { verified: true, balance: 40 });
    const pass = await newPass(t, 1001, 10);
    const res = await withdraw(t.app, alice.token, { gamepassId: pass, amount: 10 });
    expect(res.statusCode).toBe(200);
    const sent = await hook.settled();
    expect(sent).toHaveLength(1);
    const told = sent[0]!;
    expect(told.content).toContain(`#${res.json().withdrawal.id}`);
    expect(told.content).toContain('AliceRBX');
    expect(told.allowed_mentions).toEqual({ parse: [] });

    hook.hang = true;
    const pass2 = await newPass(t, 1001, 10);
    const slow = await withdraw(t.app, alice.token, { gamepassId: pass2, amount: 10 });
    expect(slow.statusCode).toBe(200);
    // Answered while the webhook still holds its message: the request did not wait for it.
    expect(hook.unfinished()).toBe(1);
    expect(await hook.settled()).toHaveLength(2);
    expect(await balanceOf(t.deps.db, alice.userId)).toBe(20);
  });
});
