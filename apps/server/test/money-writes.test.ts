import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountNamed, balanceOf } from './support/accounts.ts';
import { newPass, withdraw } from './support/gamepasses.ts';
import { creditRobux, expectInvariant } from './support/ledger.ts';
import { claimDaily, signInPlayer, verifyPlayer, type SignedInPlayer } from './support/players.ts';
import { sendCpxPostback } from './support/postbacks.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { inGroupedTransaction } from '../src/db/transaction.ts';
import { openTestApp, t } from './support/suite.ts';

/*
 * Every money write runs the one TypeScript copy of its rule in one transaction, on both engines
 * (docs/decisions/0024). What the real driver sends to PostgreSQL is observed at pg's client: every
 * query text of the requests below, whatever our code does above it. A write is one BEGIN … COMMIT
 * holding every statement that changes a row, or one statement that writes every table it changes
 * (a posting with the write it goes with: ledger `creditWhen`); reads of the session, the wall and
 * the player may come before it (several requests' reads share one query). No money function is left
 * in the database.
 */
/**
 * Statements a write may hold in its transaction (measured on this code; the CPU per write is
 * `npm run bench`'s to judge).
 */
const BUDGET = { postback: 12, postbackWithCommission: 20, social: 10, promo: 12, withdrawal: 10 };

const sent: string[] = [];
let recording = false;
const query = pg.Client.prototype.query;

/** The statements one request sent to PostgreSQL. */
async function statementsOf(request: () => Promise<unknown>): Promise<string[]> {
  sent.length = 0;
  recording = true;
  try {
    await request();
  } finally {
    recording = false;
  }
  return [...sent];
}

/** The tables a statement writes, in the order it names them (one, or several joined by `with`). */
const tablesWritten = (statement: string) =>
  [...statement.matchAll(/\b(?:insert into|(?<!do )update) "?(\w+)/gi)].map((m) => m[1]!);

/**
 * The statements of one request as its transactions: each BEGIN … COMMIT (or ROLLBACK) with what it
 * held, and the writes sent outside any (there must be none).
 */
function transactionsOf(statements: string[]) {
  const transactions: string[][] = [];
  const outside: string[] = [];
  let open: string[] | null = null;
  for (const s of statements) {
    if (/^\s*begin\b/i.test(s)) open = [];
    else if (/^\s*(commit|rollback)\b/i.test(s)) {
      if (open) transactions.push(open);
      open = null;
    } else if (open) open.push(s);
    else if (!/^\s*select\b/i.test(s)) outside.push(s);
  }
  return { transactions, outside };
}

/** A request's money write: one transaction of at most `budget` statements, nothing written outside. */
function expectOneTransaction(statements: string[], budget: number) {
  const { transactions, outside } = transactionsOf(statements);
  expect(outside).toEqual([]);
  expect(transactions).toHaveLength(1);
  expect(transactions[0]!.length).toBeLessThanOrEqual(budget);
  return transactions[0]!;
}

describe.skipIf(testEngine !== 'postgres')('money writes, each one transaction, on postgres', () => {
  openTestApp();
  // Every query text pg's client sends while `recording`.
  beforeAll(() => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
      if (recording && text) sent.push(text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  });
  afterAll(() => {
    pg.Client.prototype.query = query;
  });

  it('no money function is left in the database', async () => {
    const { rows } = await sql<{ proname: string }>`
      select proname from pg_proc where proname like 'rewards\\_%'
    `.execute(t.deps.db);
    expect(rows).toEqual([]);
  });

  it("a posting's balance update changes no indexed column, so PostgreSQL makes it in place", async () => {
    const { rows } = await sql<{ def: string }>`
      select pg_get_indexdef(indexrelid) as def from pg_index where indrelid = 'users'::regclass
    `.execute(t.deps.db);
    expect(rows.length).toBeGreaterThan(0);
    const posted = /\b(balance|earnings|offers_completed)\b/;
    expect(rows.map((r) => r.def).filter((d) => posted.test(d))).toEqual([]);
  });

  it('a postback credit (guard row, entry, balance, offers count, record) is one transaction; a repeat writes only its record', async () => {
    const p = await signInPlayer(t, 'OneTripOffers');
    const first = await statementsOf(async () =>
      expect((await sendCpxPostback(t, { trans: 'ot-1', user: p.robloxId, local: '1.50' })).body).toBe('1'),
    );
    const held = expectOneTransaction(first, BUDGET.postback);
    // A credit that pays is one statement: guard row, entry, balance, totals, record, wall figures.
    expect(held).toHaveLength(1);
    expect(held.flatMap(tablesWritten)).toEqual(
      expect.arrayContaining([
        'offer_transactions',
        'ledger_entries',
        'users',
        'ledger_totals',
        'economics_quarters',
        'postbacks',
      ]),
    );
    const repeat = await statementsOf(async () =>
      expect((await sendCpxPostback(t, { trans: 'ot-1', user: p.robloxId, local: '1.50' })).body).toBe('1'),
    );
    expectOneTransaction(repeat, BUDGET.postback);
    const user = await accountNamed(t.deps.db, 'OneTripOffers');
    expect([user.balance, user.offersCompleted]).toEqual([150, 1]);
    await expectInvariant(t.deps.db);
  });

  it("a credit that pays the referrer's commission is still one transaction", async () => {
    const referrer = await signInPlayer(t, 'OneTripReferrer');
    await t.control('POST', '/users', { name: 'OneTripFriend' });
    const login = await t.api('POST', '/api/login', { username: 'OneTripFriend', ref: 'OneTripReferrer' });
    const friend = { name: 'OneTripFriend', token: login.body.token, robloxId: login.body.user.robloxId };
    await verifyPlayer(t, friend);
    const sentFor = await statementsOf(async () =>
      expect(
        (await sendCpxPostback(t, { trans: 'ot-ref', user: friend.robloxId, local: '10.00' })).body,
      ).toBe('1'),
    );
    expectOneTransaction(sentFor, BUDGET.postbackWithCommission);
    const r = await accountNamed(t.deps.db, referrer.name);
    expect([r.balance, r.referralsMade]).toEqual([100, 1]); // 10% of R$10
    await expectInvariant(t.deps.db);
  });

  it("a daily claim is one statement, the streak's move with its credit; its refusal writes nothing", async () => {
    const p = await signInPlayer(t, 'OneTripDaily');
    const first = await statementsOf(async () =>
      expect((await claimDaily(t.app, p.token)).statusCode).toBe(200),
    );
    const { transactions, outside } = transactionsOf(first);
    expect(transactions).toEqual([]);
    expect(outside.map(tablesWritten)).toEqual([
      ['streaks', 'ledger_entries', 'users', 'ledger_totals', 'economics_quarters'],
    ]);
    const second = await statementsOf(async () => {
      await t.clock.advance(24 * 60 * 60 * 1000);
      expect((await claimDaily(t.app, p.token)).statusCode).toBe(200);
    });
    expect(transactionsOf(second).outside.map(tablesWritten)).toEqual([
      ['streaks', 'ledger_entries', 'users', 'ledger_totals', 'economics_quarters'],
    ]);
    expect((await accountNamed(t.deps.db, 'OneTripDaily')).balance).toBe(10000);
    await expectInvariant(t.deps.db);
    const again = await statementsOf(async () =>
      expect((await claimDaily(t.app, p.token)).statusCode).toBe(409),
    );
    expect(transactionsOf(again)).toEqual({ transactions: [], outside: [] });
  });

  it('postback credits of several players that arrive together commit in one transaction (group commit)', async () => {
    const players: SignedInPlayer[] = [];
    for (let i = 0; i < 6; i++) players.push(await signInPlayer(t, `GroupOffers${i}`));
    const sentFor = await statementsOf(async () => {
      const answers = await Promise.all(
        players.map((p, i) => sendCpxPostback(t, { trans: `grp-${i}`, user: p.robloxId, local: '1.50' })),
      );
      expect(answers.map((a) => a.body)).toEqual(Array(6).fill('1'));
    });
    const { transactions, outside } = transactionsOf(sentFor);
    expect(outside).toEqual([]);
    expect(transactions.length).toBeLessThan(players.length);
    // Rows written by one transaction carry its id (xmin).
    const { rows } = await sql<{ n: number }>`
      select count(distinct xmin::text)::int as n from ledger_entries where idempotency_key like 'postback:cpx:grp-%'
    `.execute(t.deps.db);
    expect(rows[0]!.n).toBe(transactions.length);
    for (const p of players) expect((await accountNamed(t.deps.db, p.name)).balance).toBe(150);
    await expectInvariant(t.deps.db);
  });

  it('daily claims of several players that arrive together commit in one transaction; a refused one writes nothing', async () => {
    const players: SignedInPlayer[] = [];
    for (let i = 0; i < 5; i++) players.push(await signInPlayer(t, `GroupDaily${i}`));
    expect((await claimDaily(t.app, players[0]!.token)).statusCode).toBe(200);
    const answers = await Promise.all(players.map((p) => claimDaily(t.app, p.token)));
    expect(answers.map((a) => a.statusCode)).toEqual([409, 200, 200, 200, 200]);
    const { rows } = await sql<{ n: number }>`
      select count(distinct e.xmin::text)::int as n from ledger_entries e
      join users u on u.id = e.user_id where u.username like 'GroupDaily%' and u.username <> 'GroupDaily0'
    `.execute(t.deps.db);
    expect(rows[0]!.n).toBeLessThan(4);
    for (const p of players) expect((await accountNamed(t.deps.db, p.name)).balance).toBe(5000);
    await expectInvariant(t.deps.db);
  });

  it('a grouped write that fails undoes its group; the others are written again alone, and it gets its own error', async () => {
    await sql`create table if not exists group_probe (user_id integer primary key)`.execute(t.deps.db);
    const write = (userId: number, fail = false) =>
      inGroupedTransaction(t.deps.db, userId, async (trx) => {
        await sql`insert into group_probe (user_id) values (${userId})`.execute(trx);
        if (fail) throw new Error(`write ${userId} refused`);
        return userId;
      });
    const results = await Promise.allSettled([write(1), write(2, true), write(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'write 2 refused' });
    const { rows } = await sql<{ user_id: number }>`select user_id from group_probe order by user_id`.execute(
      t.deps.db,
    );
    expect(rows.map((r) => r.user_id)).toEqual([1, 3]);
    await sql`drop table group_probe`.execute(t.deps.db);
  });

  it('session checks that arrive together share one query; a signed-out session among them is still refused', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, (_, i) => signInPlayer(t, `GroupPoll${i}`)));
    const [gone] = players;
    expect((await t.api('POST', '/api/logout', {}, bearer(gone!.token))).status).toBeLessThan(300);
    const poll = (p: SignedInPlayer) =>
      t.app.inject({ method: 'GET', url: `/api/user/${p.name}`, headers: bearer(p.token) });
    let answers: Awaited<ReturnType<typeof poll>>[] = [];
    const sentFor = await statementsOf(async () => {
      answers = await Promise.all([...players, ...players].map(poll));
    });
    expect(answers.map((a) => a.statusCode)).toEqual([
      401, 200, 200, 200, 200, 200, 401, 200, 200, 200, 200, 200,
    ]);
    expect(answers.slice(1, 6).map((a) => a.json().username)).toEqual(players.slice(1).map((p) => p.name));
    expect(sentFor.length).toBeLessThan(12);
    expect(sentFor.some((s) => /"token_hash" = any\(/.test(s))).toBe(true);
  });

  it('a social claim is one transaction', async () => {
    const p = await signInPlayer(t, 'OneTripSocial');
    const socials = await t.api('GET', '/api/socials', undefined, bearer(p.token));
    const id = socials.body.socials[0].id;
    const sentFor = await statementsOf(async () => {
      const res = await t.api('POST', `/api/socials/${id}/claim`, {}, bearer(p.token));
      expect(res.status).toBe(200);
    });
    expectOneTransaction(sentFor, BUDGET.social);
  });

  it('a promo redemption is one transaction', async () => {
    const p = await signInPlayer(t, 'OneTripPromo');
    await t.deps.db
      .insertInto('promo_codes')
      .values({ code: 'ONETRIP', amount: 500, max_uses: null, expires_at: null, active: 1, created_at: 'x' })
      .execute();
    const sentFor = await statementsOf(async () => {
      const res = await t.api('POST', '/api/promocode/redeem', { code: 'onetrip' }, bearer(p.token));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expectOneTransaction(sentFor, BUDGET.promo);
    await expectInvariant(t.deps.db);
  });

  it('a withdrawal request (row and conditional debit) is one transaction', async () => {
    const p = await signInPlayer(t, 'OneTripWithdraw');
    await verifyPlayer(t, p);
    const user = await accountNamed(t.deps.db, p.name);
    await creditRobux(t.deps.db, t.clock, user.id, 50);
    const pass = await newPass(t, p.robloxId, 20);
    const sentFor = await statementsOf(async () => {
      const res = await withdraw(t.app, p.token, { gamepassId: pass, amount: 20 });
      expect(res.statusCode, res.body).toBe(200);
    });
    expectOneTransaction(sentFor, BUDGET.withdrawal);
    expect(await balanceOf(t.deps.db, user.id)).toBe(30);
    await expectInvariant(t.deps.db);
  });
});

describe(`money writes at once on ${testEngine}`, () => {
  openTestApp();

  it('the same postback 30 times at once: one credit, one entry, every answer "1"', async () => {
    const p = await signInPlayer(t, 'BurstOffers');
    const trans = `burst-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => sendCpxPostback(t, { trans, user: p.robloxId, local: '1.50' })),
    );
    expect(answers.map((a) => a.body)).toEqual(Array(30).fill('1'));
    const entries = await t.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('idempotency_key', '=', `postback:cpx:${trans}`)
      .execute();
    expect(entries).toHaveLength(1);
    const user = await accountNamed(t.deps.db, p.name);
    expect([user.balance, user.offersCompleted]).toEqual([150, 1]);
    await expectInvariant(t.deps.db);
  });

  it('friends of one referrer credited at once, many times over: no deadlock, every commission once', async () => {
    const referrer = await signInPlayer(t, 'BurstReferrer');
    const friends = [];
    for (let i = 0; i < 6; i++) {
      const name = `BurstFriend${i}`;
      await t.control('POST', '/users', { name });
      const login = await t.api('POST', '/api/login', { username: name, ref: referrer.name });
      const friend = { name, token: login.body.token, robloxId: login.body.user.robloxId };
      await verifyPlayer(t, friend);
      friends.push(friend);
    }
    // R$10 each, four rounds at once, all locking the one referrer.
    const answers = await Promise.all(
      friends.flatMap((f, i) =>
        [0, 1, 2, 3].map((round) =>
          sendCpxPostback(t, { trans: `gr-${i}-${round}`, user: f.robloxId, local: '10.00' }),
        ),
      ),
    );
    expect(answers.map((a) => a.body)).toEqual(Array(24).fill('1'));
    const r = await accountNamed(t.deps.db, referrer.name);
    expect([r.balance, r.referralsMade]).toEqual([24 * 100, 6]); // 10% of 24 × R$10
    await expectInvariant(t.deps.db);
  });

  it('20 daily claims at once by one player: one is paid', async () => {
    const p = await signInPlayer(t, 'BurstDaily');
    const answers = await Promise.all(Array.from({ length: 20 }, () => claimDaily(t.app, p.token)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const user = await accountNamed(t.deps.db, p.name);
    expect(user.balance).toBe(5000);
    await expectInvariant(t.deps.db);
  });

  it('withdrawals at once to different passes never overdraw: R$50 pays two of R$20', async () => {
    const p = await signInPlayer(t, 'BurstWithdraw');
    await verifyPlayer(t, p);
    const user = await accountNamed(t.deps.db, p.name);
    await creditRobux(t.deps.db, t.clock, user.id, 50);
    const passes = await Promise.all(Array.from({ length: 10 }, () => newPass(t, p.robloxId, 20)));
    const answers = await Promise.all(
      passes.map((pass) => withdraw(t.app, p.token, { gamepassId: pass, amount: 20 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    for (const a of answers.filter((a) => a.statusCode !== 200)) {
      expect(a.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    }
    expect(await balanceOf(t.deps.db, user.id)).toBe(10);
    const rows = await t.deps.db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(2);
    await expectInvariant(t.deps.db);
  });
});
