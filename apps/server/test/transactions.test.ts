import { describe, expect, it } from 'vitest';
import type { WithdrawalState } from '../src/db/tables/withdrawals.ts';
import { checkInvariant } from '../src/modules/ledger/service.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { openTestApp, t } from './support/suite.ts';
import { playerCall } from './support/calls.ts';
import { userIdNamed } from './support/accounts.ts';
import { postEntry } from './support/ledger.ts';

/** A withdrawal as the withdrawals module records it: the row and its ledger debit, linked. */
async function withdrawal(user: number, robux: number, state: WithdrawalState) {
  const now = t.clock.now().toISOString();
  const row = await t.deps.db
    .insertInto('withdrawals')
    .values({
      user_id: user,
      robux,
      amount: robux * 100,
      gamepass_id: 777_000 + robux,
      product_id: null,
      price: Math.ceil(robux / 0.7),
      seller_id: 1001,
      state: 'pending',
      request_key: null,
      ledger_entry_id: null,
      last_error: null,
      claimed_by: null,
      claimed_at: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const debit = await postEntry(
    t.deps.db,
    t.clock,
    user,
    -robux * 100,
    { kind: 'withdrawal', params: {} },
    {
      key: `withdrawal:${row.id}`,
    },
  );
  await t.deps.db
    .updateTable('withdrawals')
    .set({ ledger_entry_id: debit.entryId, state })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, entryId: debit.entryId };
}

describe(`transaction history on ${testEngine}`, () => {
  openTestApp();

  it('needs a session', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/transactions' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await playerCall(t, { url: '/api/transactions', token: 'forged-token' })).statusCode).toBe(401);
  });

  it('a fresh player has no transactions', async () => {
    const { token } = await t.login('CarolPlays');
    const res = await playerCall(t, { url: '/api/transactions', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });

  it('lists the caller’s own entries, newest first, with type, positive R$ amount, description, date and withdrawal state', async () => {
    const { token } = await t.login('AliceRBX');
    const alice = await userIdNamed(t.deps.db, 'AliceRBX');
    const bob = await userIdNamed(t.deps.db, (await t.login('BobBuilder')).body.user.username);
    await postEntry(t.deps.db, t.clock, bob, 99_900, { kind: 'offer', params: { wall: 'Bob' } });

    t.clock.set('2026-03-03T08:00:00.000Z');
    const social = await t.app.inject({
      method: 'POST',
      url: '/api/socials/youtube/claim',
      headers: bearer(token),
    });
    expect(social.statusCode).toBe(200);
    t.clock.set('2026-03-03T09:00:00.000Z');
    await postEntry(t.deps.db, t.clock, alice, 1234, { kind: 'offer', params: { wall: 'Lootably' } });
    t.clock.set('2026-03-03T09:30:00.000Z');
    await postEntry(t.deps.db, t.clock, alice, 2500, {
      kind: 'admin',
      params: { reason: 'Bonus from the team' },
    });
    await postEntry(t.deps.db, t.clock, bob, 100, { kind: 'survey', params: { wall: 'Bob' } });
    t.clock.set('2026-03-03T10:00:00.000Z');
    const w = await withdrawal(alice, 5, 'purchasing');
    t.clock.set('2026-03-03T11:00:00.000Z');
    await postEntry(
      t.deps.db,
      t.clock,
      alice,
      -234,
      { kind: 'reversal', params: { reverses: 'offer', wall: 'Lootably' } },
      { allowNegative: true },
    );

    const res = await playerCall(t, { url: '/api/transactions', token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.nextCursor).toBeNull();
    expect(body.items).toEqual([
      {
        id: expect.any(Number),
        type: 'withdraw',
        kind: 'reversal',
        amount: 2.34,
        params: { reverses: 'offer', wall: 'Lootably' },
        description: 'Lootably offer reversed',
        date: '2026-03-03T11:00:00.000Z',
      },
      {
        id: w.entryId,
        type: 'withdraw',
        kind: 'withdrawal',
        amount: 5,
        params: {},
        description: 'Withdraw For Robux',
        date: '2026-03-03T10:00:00.000Z',
        state: 'pending',
      },
      {
        id: expect.any(Number),
        type: 'earn',
        kind: 'admin',
        amount: 25,
        params: { reason: 'Bonus from the team' },
        description: 'Admin grant: Bonus from the team',
        date: '2026-03-03T09:30:00.000Z',
      },
      {
        id: expect.any(Number),
        type: 'earn',
        kind: 'offer',
        amount: 12.34,
        params: { wall: 'Lootably' },
        description: 'Lootably offer',
        date: '2026-03-03T09:00:00.000Z',
      },
      {
        id: expect.any(Number),
        type: 'earn',
        kind: 'social',
        amount: 1.5,
        params: { platform: 'YouTube' },
        description: 'Followed us on YouTube',
        date: '2026-03-03T08:00:00.000Z',
      },
    ]);
    const ids = body.items.map((i: any) => i.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);

    // Another player's entries never appear, and Bob sees only his.
    const bobEntries = await t.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('user_id', '=', bob)
      .execute();
    for (const e of bobEntries) expect(ids).not.toContain(e.id);
    const bobPage = (
      await playerCall(t, { url: '/api/transactions', token: (await t.login('BobBuilder')).token })
    ).json();
    expect(bobPage.items.map((i: any) => i.description)).toEqual(['Bob survey', 'Bob offer']);
    expect((await checkInvariant(t.deps.db)).ok).toBe(true);
  });

  it('shows each withdrawal state as a player reads it (purchasing and needs_review are pending)', async () => {
    const { token } = await t.login('DaveTheBrave');
    const dave = await userIdNamed(t.deps.db, 'DaveTheBrave');
    await postEntry(t.deps.db, t.clock, dave, 100_000, { kind: 'admin', params: { reason: 'Funding' } });
    const states: WithdrawalState[] = ['pending', 'purchasing', 'paid', 'refunded', 'needs_review'];
    const made = [];
    for (const [i, s] of states.entries()) made.push({ state: s, ...(await withdrawal(dave, 10 + i, s)) });
    // The refund of the refunded withdrawal: a credit, with no state of its own.
    const refunded = made.find((m) => m.state === 'refunded')!;
    await postEntry(
      t.deps.db,
      t.clock,
      dave,
      1300,
      { kind: 'withdrawal_refund', params: {} },
      {
        key: `withdrawal_refund:${refunded.id}`,
      },
    );

    const items = (await playerCall(t, { url: '/api/transactions', token })).json().items;
    expect(items[0]).toEqual({
      id: expect.any(Number),
      type: 'earn',
      kind: 'withdrawal_refund',
      amount: 13,
      params: {},
      description: 'Withdrawal refunded',
      date: expect.any(String),
    });
    const shown = Object.fromEntries(
      items.filter((i: any) => i.kind === 'withdrawal').map((i: any) => [i.amount, [i.type, i.state]]),
    );
    expect(shown).toEqual({
      10: ['withdraw', 'pending'],
      11: ['withdraw', 'pending'],
      12: ['withdraw', 'paid'],
      13: ['withdraw', 'refunded'],
      14: ['withdraw', 'pending'],
    });
    expect(items.filter((i: any) => i.kind !== 'withdrawal').every((i: any) => !('state' in i))).toBe(true);
    expect((await checkInvariant(t.deps.db)).ok).toBe(true);
  });

  it('pages by cursor: 25 by default, a chosen limit up to 100, no gaps or repeats', async () => {
    const { token } = await t.login('XssTester');
    const me = await userIdNamed(t.deps.db, 'XssTester');
    for (let i = 1; i <= 60; i++)
      await postEntry(t.deps.db, t.clock, me, i, { kind: 'offer', params: { wall: `Credit ${i}` } });

    const first = (await playerCall(t, { url: '/api/transactions', token })).json();
    expect(first.items).toHaveLength(25);
    expect(first.items[0].description).toBe('Credit 60 offer');
    expect(first.nextCursor).toEqual(String(first.items[24].id));
    const second = (
      await playerCall(t, { url: `/api/transactions?cursor=${first.nextCursor}`, token })
    ).json();
    expect(second.items[0].description).toBe('Credit 35 offer');

    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const res = await playerCall(t, { url: `/api/transactions?cursor=${cursor}&limit=7`, token });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.items.length).toBeLessThanOrEqual(7);
      seen.push(...body.items.map((i: any) => i.description));
      cursor = body.nextCursor ?? '';
      pages++;
    } while (cursor);
    expect(pages).toBe(9);
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => `Credit ${60 - i} offer`));

    // Exactly a page's worth left: the last page says so.
    const all = (await playerCall(t, { url: '/api/transactions?limit=60', token })).json();
    expect(all.items).toHaveLength(60);
    expect(all.nextCursor).toBeNull();
    expect((await playerCall(t, { url: '/api/transactions?limit=100', token })).json().items).toHaveLength(
      60,
    );

    for (const bad of ['?limit=0', '?limit=101', '?limit=abc', '?cursor=abc', '?cursor=-5', '?cursor=0']) {
      const res = await playerCall(t, { url: `/api/transactions${bad}`, token });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
  });

  it('a banned player can still read their history', async () => {
    const { token } = await t.login('CarolPlays');
    const carol = await userIdNamed(t.deps.db, 'CarolPlays');
    await postEntry(t.deps.db, t.clock, carol, 150, { kind: 'social', params: { platform: 'TikTok' } });
    await t.deps.db.updateTable('users').set({ status: 'banned' }).where('id', '=', carol).execute();
    try {
      const res = await playerCall(t, { url: '/api/transactions', token });
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toHaveLength(1);
    } finally {
      await t.deps.db.updateTable('users').set({ status: 'active' }).where('id', '=', carol).execute();
    }
  });
});
