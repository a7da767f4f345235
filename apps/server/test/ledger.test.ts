import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant, post, postAlone } from '../src/modules/ledger/service.ts';
import { ManualClock } from '../src/shared/clock.ts';
import { createTestDatabase, testEngine, type TestDatabase } from './support/test-database.ts';
import { accountWithId, insertUser } from './support/accounts.ts';
import { ledgerEntries } from './support/records.ts';

const clock = new ManualClock();
let tdb: TestDatabase;
let nextRobloxId = 5000;
/** The players these tests add, joined at the clock's time. */
const LEDGER_USER = { name: 'Ledger', joinedAt: clock.now().toISOString() };

describe(`ledger on ${testEngine}`, () => {
  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(async () => {
    await tdb.drop();
  });

  it('credits in hundredths and keeps the cached balance equal to the entries', async () => {
    const u = await insertUser(tdb.db, ++nextRobloxId, LEDGER_USER);
    const r = await postAlone(tdb.db, clock, {
      userId: u,
      amount: 150,
      kind: 'social',
      key: `t:social:${u}`,
      params: { platform: 'Test' },
    });
    expect(r).toMatchObject({ applied: true, balance: 150 });
    expect(await accountWithId(tdb.db, u)).toMatchObject({ balance: 150, earnings: 150 });
    expect((await checkInvariant(tdb.db)).ok).toBe(true);
  });

  it('does not count admin grants as earnings', async () => {
    const u = await insertUser(tdb.db, ++nextRobloxId, LEDGER_USER);
    await postAlone(tdb.db, clock, {
      userId: u,
      amount: 2500,
      kind: 'admin',
      key: `t:admin:${u}`,
      params: {},
    });
    expect(await accountWithId(tdb.db, u)).toMatchObject({ balance: 2500, earnings: 0 });
  });

  it('100 concurrent debits of R$1 against R$10: exactly 10 succeed', async () => {
    const u = await insertUser(tdb.db, ++nextRobloxId, LEDGER_USER);
    await postAlone(tdb.db, clock, {
      userId: u,
      amount: 1000,
      kind: 'admin',
      key: `t:fund:${u}`,
      params: {},
    });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        postAlone(tdb.db, clock, {
          userId: u,
          amount: -100,
          kind: 'withdrawal',
          key: `t:debit:${u}:${i}`,
          params: {},
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await accountWithId(tdb.db, u)).balance).toBe(0);
    expect(await ledgerEntries(tdb.db, { userId: u })).toHaveLength(11);
    expect((await checkInvariant(tdb.db)).ok).toBe(true);
  });

  it('the same idempotency key credited twice, also concurrently, makes one entry', async () => {
    const u = await insertUser(tdb.db, ++nextRobloxId, LEDGER_USER);
    const key = `t:once:${u}`;
    const first = await postAlone(tdb.db, clock, {
      userId: u,
      amount: 500,
      kind: 'offer',
      key,
      params: { wall: 'Test' },
    });
    const second = await postAlone(tdb.db, clock, {
      userId: u,
      amount: 500,
      kind: 'offer',
      key,
      params: { wall: 'Test' },
    });
    expect(first.applied).toBe(true);
    expect(second).toMatchObject({ applied: false, entryId: first.entryId, balance: 500 });

    const key2 = `t:race:${u}`;
    const raced = await Promise.all(
      Array.from({ length: 30 }, () =>
        postAlone(tdb.db, clock, {
          userId: u,
          amount: 700,
          kind: 'offer',
          key: key2,
          params: { wall: 'Test' },
        }),
      ),
    );
    expect(raced.filter((r) => r.applied)).toHaveLength(1);
    expect((await accountWithId(tdb.db, u)).balance).toBe(1200);
    expect(await ledgerEntries(tdb.db, { userId: u })).toHaveLength(2);
    expect((await checkInvariant(tdb.db)).ok).toBe(true);
  });

  it('a failed debit inside a transaction leaves no entry behind', async () => {
    const u = await insertUser(tdb.db, ++nextRobloxId, LEDGER_USER);
    await expect(
      postAlone(tdb.db, clock, {
        userId: u,
        amount: -100,
        kind: 'withdrawal',
        key: `t:nofunds:${u}`,
        params: {},
      }),
    ).rejects.toMatchObject({ status: 409, code: 'INSUFFICIENT_FUNDS' });
    expect(await ledgerEntries(tdb.db, { userId: u })).toHaveLength(0);
    // The key was not burnt: a later, covered debit with it still applies.
    await postAlone(tdb.db, clock, {
      userId: u,
      amount: 300,
      kind: 'admin',
      key: `t:fund2:${u}`,
      params: {},
    });
    const r = await postAlone(tdb.db, clock, {
      userId: u,
      amount: -100,
      kind: 'withdrawal',
      key: `t:nofunds:${u}`,
      params: {},
    });
    expect(r).toMatchObject({ applied: true, balance: 200 });
  });

  it('a reversal may take the balance below zero; later earnings pay it back first', async () => {
    const u = await insertUser(tdb.db, ++nextRobloxId, LEDGER_USER);
    await postAlone(tdb.db, clock, {
      userId: u,
      amount: 400,
      kind: 'offer',
      key: `t:o:${u}`,
      params: { wall: 'Test' },
    });
    await postAlone(tdb.db, clock, {
      userId: u,
      amount: -300,
      kind: 'withdrawal',
      key: `t:w:${u}`,
      params: {},
    });
    await postAlone(tdb.db, clock, {
      userId: u,
      amount: -400,
      kind: 'reversal',
      key: `t:rev:${u}`,
      params: { reverses: 'offer', wall: 'Test' },
      allowNegative: true,
      earningsDelta: -400,
    });
    expect(await accountWithId(tdb.db, u)).toMatchObject({ balance: -300, earnings: 0 });
    await expect(
      postAlone(tdb.db, clock, { userId: u, amount: -100, kind: 'withdrawal', key: `t:w2:${u}`, params: {} }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await postAlone(tdb.db, clock, {
      userId: u,
      amount: 500,
      kind: 'offer',
      key: `t:o2:${u}`,
      params: { wall: 'Test' },
    });
    expect((await accountWithId(tdb.db, u)).balance).toBe(200);
    expect((await checkInvariant(tdb.db)).ok).toBe(true);
  });

  it('rejects non-integer and zero amounts outright', async () => {
    const u = await insertUser(tdb.db, ++nextRobloxId, LEDGER_USER);
    await expect(
      tdb.db
        .transaction()
        .execute((trx) =>
          post(trx, clock, { userId: u, amount: 1.5, kind: 'admin', key: `t:f:${u}`, params: {} }),
        ),
    ).rejects.toThrow();
    await expect(
      tdb.db
        .transaction()
        .execute((trx) =>
          post(trx, clock, { userId: u, amount: 0, kind: 'admin', key: `t:z:${u}`, params: {} }),
        ),
    ).rejects.toThrow();
    expect(await ledgerEntries(tdb.db, { userId: u })).toHaveLength(0);
  });

  it('the invariant check finds a tampered balance', async () => {
    const u = await insertUser(tdb.db, ++nextRobloxId, LEDGER_USER);
    await tdb.db.updateTable('users').set({ balance: 999 }).where('id', '=', u).execute();
    const result = await checkInvariant(tdb.db);
    expect(result.ok).toBe(false);
    expect(result.mismatches).toContainEqual({ userId: u, balance: 999, ledgerSum: 0 });
    await tdb.db.updateTable('users').set({ balance: 0 }).where('id', '=', u).execute();
  });
});
