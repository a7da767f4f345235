import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountNamed, balanceOf } from './support/accounts.ts';
import { priceFor } from './support/gamepasses.ts';
import { creditRobux, expectInvariant } from './support/ledger.ts';
import { signInPlayer, verifyPlayer, type SignedInPlayer } from './support/players.ts';
import { cpxPostbackPath, CPX_ADDRESS } from './support/postbacks.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { openTestApp, t } from './support/suite.ts';
import { creditPostbackGrouped } from '../src/modules/ledger/index.ts';

/*
 * Issue 22: on PostgreSQL each money write is one statement (a call of a function of migration 0017),
 * so one round trip. What the real driver sends is observed at pg's client: every query text of the
 * requests below, whatever our code does above it. Reads around the write (the session, the wall, the
 * player) may stay; a write, a BEGIN or a COMMIT other than the one call may not. Postbacks that arrive
 * together share one call (migration 0019, docs/decisions/0020).
 */
const sent: string[] = [];
let recording = false;
const query = pg.Client.prototype.query;

function recordQueries() {
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
}

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

/** What is not a plain read: writes, transaction control and the function calls. */
const writes = (statements: string[]) =>
  statements.filter((s) => !/^\s*select\b/i.test(s) || /\brewards_\w+\(/.test(s));

const postback = (trans: string, user: number, local = '1.50') =>
  t.app.inject({ method: 'GET', url: cpxPostbackPath({ trans, user, local }), remoteAddress: CPX_ADDRESS });

const claimDaily = (p: SignedInPlayer) =>
  t.app.inject({ method: 'POST', url: '/api/streak-rewards/claim', headers: bearer(p.token), payload: {} });

const withdraw = (p: SignedInPlayer, gamepassId: number, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/withdraw',
    headers: bearer(p.token),
    payload: { gamepassId, amount },
  });

const account = (username: string) =>
  t.deps.db
    .selectFrom('users')
    .select(['id', 'balance', 'offers_completed', 'referrals_made'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();

const newPass = async (creatorId: number, robux: number) =>
  (await t.control('POST', '/gamepasses', { creatorId, price: priceFor(robux), isForSale: true }))
    .id as number;

describe.skipIf(testEngine !== 'postgres')('money writes in one round trip on postgres', () => {
  openTestApp();
  recordQueries();

  it('a postback credit (guard row, entry, balance, offers count, record) is one statement', async () => {
    const p = await signInPlayer(t, 'OneTripOffers');
    const sentFor = await statementsOf(async () =>
      expect((await postback('ot-1', p.robloxId)).body).toBe('1'),
    );
    expect(writes(sentFor)).toEqual([expect.stringContaining('from rewards_credit_postback(')]);
    const repeat = await statementsOf(async () =>
      expect((await postback('ot-1', p.robloxId)).body).toBe('1'),
    );
    expect(writes(repeat)).toEqual([expect.stringContaining('from rewards_credit_postback(')]);
    const user = await account('OneTripOffers');
    expect([Number(user.balance), user.offers_completed]).toEqual([150, 1]);
    await expectInvariant(t.deps.db);
  });

  it('postbacks that arrive together share one statement (group commit), each credited once', async () => {
    const players = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signInPlayer(t, `GroupCommit${i}`)),
    );
    // Eight players, each credited twice over (the provider's retry arriving with the first).
    const requests = players.flatMap((p, i) =>
      [`gc-${i}`, `gc-${i}`].map((trans) => () => postback(trans, p.robloxId)),
    );
    const sentFor = await statementsOf(async () => {
      const answers = await Promise.all(requests.map((send) => send()));
      expect(answers.map((a) => a.body)).toEqual(Array(16).fill('1'));
    });
    const calls = writes(sentFor);
    expect(calls.length).toBeLessThan(16);
    expect(calls.some((s) => s.includes('from rewards_credit_postbacks('))).toBe(true);
    expect(calls.every((s) => /from rewards_credit_postbacks?\(/.test(s))).toBe(true);
    // The reads before the credit (the wall, the player) are grouped the same way.
    expect(sentFor.filter((s) => /"slug" = any\(/.test(s)).length).toBeGreaterThan(0);
    expect(sentFor.filter((s) => /"roblox_id" = any\(/.test(s)).length).toBeGreaterThan(0);
    expect(sentFor.length).toBeLessThan(3 * 16);
    for (const p of players) {
      const user = await account(p.name);
      expect([Number(user.balance), user.offers_completed]).toEqual([150, 1]);
    }
    const records = await t.deps.db
      .selectFrom('postbacks')
      .select(['trans_id', 'verdict'])
      .where('trans_id', 'like', 'gc-%')
      .execute();
    expect(records).toHaveLength(16);
    expect(records.filter((r) => r.verdict === 'credited')).toHaveLength(8);
    expect(records.filter((r) => r.verdict === 'duplicate')).toHaveLength(8);
    await expectInvariant(t.deps.db);
  });

  it('friends of one referrer credited together, many times over: no deadlock, every commission once', async () => {
    const referrer = await signInPlayer(t, 'GroupReferrer');
    const friends = [];
    for (let i = 0; i < 6; i++) {
      const name = `GroupFriend${i}`;
      await t.control('POST', '/users', { name });
      const login = await t.api('POST', '/api/login', { username: name, ref: referrer.name });
      const friend = { name, token: login.body.token, robloxId: login.body.user.robloxId };
      await verifyPlayer(t, friend);
      friends.push(friend);
    }
    // R$10 each, four rounds at once: groups of several friends, all locking the one referrer.
    const answers = await Promise.all(
      friends.flatMap((f, i) =>
        [0, 1, 2, 3].map((round) => postback(`gr-${i}-${round}`, f.robloxId, '10.00')),
      ),
    );
    expect(answers.map((a) => a.body)).toEqual(Array(24).fill('1'));
    const r = await account(referrer.name);
    expect([Number(r.balance), r.referrals_made]).toEqual([24 * 100, 6]); // 10% of 24 × R$10
    await expectInvariant(t.deps.db);
  });

  it('a shared call that fails is undone whole, and each credit is retried alone: one bad item costs the others nothing', async () => {
    const good = await signInPlayer(t, 'GroupGood');
    const goodUser = await account(good.name);
    const credit = (userId: number, transId: string) =>
      creditPostbackGrouped(t.deps, {
        userId,
        wallSlug: 'cpx',
        transId,
        kind: 'survey',
        amount: 250,
        description: 'CPX Research survey',
        state: 'credited',
        releaseAt: null,
        now: t.clock.now().toISOString(),
        key: `postback:cpx:${transId}`,
        meta: { wall: 'cpx', transId },
        record: { action: 'credit', params: '{}', signature: null, rawUrl: null, ip: null, reason: null },
      });
    const sentFor = await statementsOf(async () => {
      // Same turn of the event loop, so one shared call; the player 987654321 does not exist.
      const results = await Promise.allSettled([
        credit(goodUser.id, 'gb-1'),
        credit(987_654_321, 'gb-2'),
        credit(goodUser.id, 'gb-3'),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.verdict] : []))).toEqual([
        'credited',
        'credited',
      ]);
    });
    expect(writes(sentFor).map((s) => /rewards_credit_postbacks?\(/.exec(s)?.[0])).toEqual([
      'rewards_credit_postbacks(',
      'rewards_credit_postback(',
      'rewards_credit_postback(',
      'rewards_credit_postback(',
    ]);
    expect(Number((await account(good.name)).balance)).toBe(500);
    const orphan = await t.deps.db
      .selectFrom('offer_transactions')
      .select('id')
      .where('trans_id', '=', 'gb-2')
      .execute();
    expect(orphan).toEqual([]);
    await expectInvariant(t.deps.db);
  });

  it("a credit that pays the referrer's commission is still one statement", async () => {
    const referrer = await signInPlayer(t, 'OneTripReferrer');
    await t.control('POST', '/users', { name: 'OneTripFriend' });
    const login = await t.api('POST', '/api/login', { username: 'OneTripFriend', ref: 'OneTripReferrer' });
    const friend = { name: 'OneTripFriend', token: login.body.token, robloxId: login.body.user.robloxId };
    await verifyPlayer(t, friend);
    const sentFor = await statementsOf(async () =>
      expect((await postback('ot-ref', friend.robloxId, '10.00')).body).toBe('1'),
    );
    expect(writes(sentFor)).toHaveLength(1);
    const r = await account(referrer.name);
    expect([Number(r.balance), r.referrals_made]).toEqual([100, 1]); // 10% of R$10
    await expectInvariant(t.deps.db);
  });

  it('a daily claim is one statement, and so is its refusal', async () => {
    const p = await signInPlayer(t, 'OneTripDaily');
    const first = await statementsOf(async () => expect((await claimDaily(p)).statusCode).toBe(200));
    expect(writes(first)).toEqual([expect.stringContaining('from rewards_claim_daily(')]);
    const again = await statementsOf(async () => expect((await claimDaily(p)).statusCode).toBe(409));
    expect(writes(again)).toEqual([expect.stringContaining('from rewards_claim_daily(')]);
  });

  it('daily claims that arrive together share one statement, each paid once', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, (_, i) => signInPlayer(t, `GroupDaily${i}`)));
    const sentFor = await statementsOf(async () => {
      const answers = await Promise.all([...players, ...players].map((p) => claimDaily(p)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(8).fill(200), ...Array(8).fill(409)]);
    });
    const calls = writes(sentFor);
    expect(calls.length).toBeLessThan(16);
    expect(calls.some((s) => s.includes('from rewards_claim_dailies('))).toBe(true);
    for (const p of players) expect(Number((await accountNamed(t.deps.db, p.name)).balance)).toBe(5000);
    await expectInvariant(t.deps.db);
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

  it('a social claim is one statement', async () => {
    const p = await signInPlayer(t, 'OneTripSocial');
    const socials = await t.api('GET', '/api/socials', undefined, bearer(p.token));
    const id = socials.body.socials[0].id;
    const sentFor = await statementsOf(async () => {
      const res = await t.api('POST', `/api/socials/${id}/claim`, {}, bearer(p.token));
      expect(res.status).toBe(200);
    });
    expect(writes(sentFor)).toEqual([expect.stringContaining('from rewards_credit_earning(')]);
  });

  it('a promo redemption is one statement', async () => {
    const p = await signInPlayer(t, 'OneTripPromo');
    await t.deps.db
      .insertInto('promo_codes')
      .values({ code: 'ONETRIP', amount: 500, max_uses: null, expires_at: null, active: 1, created_at: 'x' })
      .execute();
    const sentFor = await statementsOf(async () => {
      const res = await t.api('POST', '/api/promocode/redeem', { code: 'onetrip' }, bearer(p.token));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(writes(sentFor)).toEqual([expect.stringContaining('from rewards_redeem_promo(')]);
    await expectInvariant(t.deps.db);
  });

  it('a withdrawal request (row and conditional debit) is one statement', async () => {
    const p = await signInPlayer(t, 'OneTripWithdraw');
    await verifyPlayer(t, p);
    const user = await accountNamed(t.deps.db, p.name);
    await creditRobux(t.deps.db, t.clock, user.id, 50);
    const pass = await newPass(p.robloxId, 20);
    const sentFor = await statementsOf(async () => {
      const res = await withdraw(p, pass, 20);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(writes(sentFor)).toEqual([expect.stringContaining('from rewards_request_withdrawal(')]);
    expect(await balanceOf(t.deps.db, user.id)).toBe(30);
    await expectInvariant(t.deps.db);
  });
});

describe(`money writes at once on ${testEngine}`, () => {
  openTestApp();

  it('the same postback 30 times at once: one credit, one entry, every answer "1"', async () => {
    const p = await signInPlayer(t, 'BurstOffers');
    const trans = `burst-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 30 }, () => postback(trans, p.robloxId)));
    expect(answers.map((a) => a.body)).toEqual(Array(30).fill('1'));
    const entries = await t.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('idempotency_key', '=', `postback:cpx:${trans}`)
      .execute();
    expect(entries).toHaveLength(1);
    const user = await account(p.name);
    expect([Number(user.balance), user.offers_completed]).toEqual([150, 1]);
    await expectInvariant(t.deps.db);
  });

  it('20 daily claims at once by one player: one is paid', async () => {
    const p = await signInPlayer(t, 'BurstDaily');
    const answers = await Promise.all(Array.from({ length: 20 }, () => claimDaily(p)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const user = await accountNamed(t.deps.db, p.name);
    expect(Number(user.balance)).toBe(5000);
    await expectInvariant(t.deps.db);
  });

  it('withdrawals at once to different passes never overdraw: R$50 pays two of R$20', async () => {
    const p = await signInPlayer(t, 'BurstWithdraw');
    await verifyPlayer(t, p);
    const user = await accountNamed(t.deps.db, p.name);
    await creditRobux(t.deps.db, t.clock, user.id, 50);
    const passes = await Promise.all(Array.from({ length: 10 }, () => newPass(p.robloxId, 20)));
    const answers = await Promise.all(passes.map((pass) => withdraw(p, pass, 20)));
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
