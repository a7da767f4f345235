import { CPX_ADDRESS } from '../../../e2e/support/http.ts';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant } from '../src/modules/ledger/service.ts';
import { testEngine } from './support/test-database.ts';
import { bearer, createTestApp, type TestApp } from './support/test-app.ts';

const CPX_SECRET = 'test-cpx-secret';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

function cpx(status: '1' | '2', trans: string, robloxId: number, amountLocal = '0') {
  const q = new URLSearchParams({
    status,
    trans_id: trans,
    user_id: String(robloxId),
    amount_local: amountLocal,
    hash: md5(`${trans}-${CPX_SECRET}`),
  });
  return `/api/postback/cpx?${q}`;
}

describe(`referrals on ${testEngine}`, () => {
  let t: TestApp;
  let alice: string;

  async function postback(url: string) {
    const res = await t.app.inject({
      method: 'GET',
      url,
      remoteAddress: CPX_ADDRESS,
    });
    expect([res.statusCode, res.body]).toEqual([200, '1']);
  }
  async function referrals(token: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/referrals',
      headers: { ...bearer(token), ...headers },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  async function user(name: string) {
    const u = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', name)
      .executeTakeFirstOrThrow();
    return {
      id: u.id,
      balance: Number(u.balance),
      earnings: Number(u.earnings),
      referralsEarned: Number(u.referrals_earned),
    };
  }
  async function entriesOf(userId: number) {
    return t.deps.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }
  async function expectInvariant() {
    expect(await checkInvariant(t.deps.db)).toEqual({ ok: true, mismatches: [] });
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = (await t.login('AliceRBX')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/referrals needs a session and gives the link {origin}/login?ref={username}', async () => {
    expect(
      (await t.app.inject({ method: 'GET', remoteAddress: CPX_ADDRESS, url: '/api/referrals' })).statusCode,
    ).toBe(401);
    const body = await referrals(alice, { host: 'rewards.example:8080' });
    expect(body).toEqual({
      link: 'http://rewards.example:8080/login?ref=AliceRBX',
      referralsMade: 0,
      referralsEarned: 0,
    });
    const proxied = await referrals(alice, {
      host: 'internal:4000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'rbx.example',
    });
    expect(proxied.link).toBe('https://rbx.example/login?ref=AliceRBX');
  });

  it('the acceptance scenario: B signs up with ?ref=A, earns R$0.50 (nothing), then R$2.00 (A gets R$0.25), then R$2.00 is reversed (A loses R$0.20)', async () => {
    // B signs up with A's link.
    const bob = await t.login('BobBuilder', 'AliceRBX');
    expect(bob.status).toBe(200);
    expect(await referrals(alice)).toMatchObject({ referralsMade: 1, referralsEarned: 0 });

    // R$0.50: B's lifetime earnings stay below R$1, no commission yet.
    await postback(cpx('1', 'ref-b-1', 1002, '0.50'));
    expect(await user('AliceRBX')).toMatchObject({ balance: 0, referralsEarned: 0 });

    // R$2.00: B reaches R$2.50; A receives 10% of both credits, R$0.25.
    await postback(cpx('1', 'ref-b-2', 1002, '2.00'));
    const a = await user('AliceRBX');
    expect(a).toMatchObject({ balance: 25, earnings: 25, referralsEarned: 25 });
    expect(await referrals(alice)).toMatchObject({ referralsMade: 1, referralsEarned: 0.25 });
    const credit1 = await t.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('idempotency_key', '=', 'postback:cpx:ref-b-1')
      .executeTakeFirstOrThrow();
    const credit2 = await t.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('idempotency_key', '=', 'postback:cpx:ref-b-2')
      .executeTakeFirstOrThrow();
    const aliceEntries = await entriesOf(a.id);
    expect(aliceEntries.map((e) => [e.idempotency_key, e.kind, Number(e.amount)])).toEqual([
      [`referral:${credit1.id}`, 'referral', 5],
      [`referral:${credit2.id}`, 'referral', 20],
    ]);
    expect(aliceEntries[0]!.description).toBe('Referral bonus from BobBuilder');
    await expectInvariant();

    // B's R$2.00 is reversed: A's R$0.20 is taken back, once.
    await postback(cpx('2', 'ref-b-2', 1002));
    await postback(cpx('2', 'ref-b-2', 1002));
    expect(await user('AliceRBX')).toMatchObject({ balance: 5, earnings: 5, referralsEarned: 5 });
    expect(await referrals(alice)).toMatchObject({ referralsEarned: 0.05 });
    const takeBack = await t.deps.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('idempotency_key', '=', `referral_reversal:${credit2.id}`)
      .execute();
    expect(takeBack).toHaveLength(1);
    expect(takeBack[0]).toMatchObject({ user_id: a.id, amount: -20, kind: 'reversal' });
    expect(await user('BobBuilder')).toMatchObject({ balance: 50, earnings: 50 });
    await expectInvariant();
  });

  it('after the threshold each new credit pays its commission at once, also under concurrent postbacks', async () => {
    // B's earnings are now R$0.50: below R$1 again after the reversal, so a new small credit waits.
    await postback(cpx('1', 'ref-b-3', 1002, '0.30'));
    expect((await user('AliceRBX')).balance).toBe(5);
    // Crossing R$1 again pays the waiting credit (0.30 → 3) with the new one (1.00 → 10).
    const url = cpx('1', 'ref-b-4', 1002, '1.00');
    await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', remoteAddress: CPX_ADDRESS, url })),
    );
    expect(await user('AliceRBX')).toMatchObject({ balance: 18, referralsEarned: 18 });
    await Promise.all(
      ['ref-b-5', 'ref-b-6', 'ref-b-7'].map((trans) =>
        t.app.inject({ method: 'GET', remoteAddress: CPX_ADDRESS, url: cpx('1', trans, 1002, '1.00') }),
      ),
    );
    expect(await user('AliceRBX')).toMatchObject({ balance: 48, referralsEarned: 48 });
    await expectInvariant();
  });

  it('a credit reversed before the friend reached R$1 never pays a commission', async () => {
    await t.login('CarolPlays', 'AliceRBX');
    expect(await referrals(alice)).toMatchObject({ referralsMade: 2 });
    const before = await user('AliceRBX');
    await postback(cpx('1', 'ref-c-1', 1003, '0.90'));
    await postback(cpx('2', 'ref-c-1', 1003));
    await postback(cpx('1', 'ref-c-2', 1003, '1.20'));
    const after = await user('AliceRBX');
    expect(after.balance - before.balance).toBe(12);
    expect(after.referralsEarned - before.referralsEarned).toBe(12);
    await expectInvariant();
  });

  it('players without a referrer pay nobody; a banned referrer is paid once unbanned', async () => {
    const total = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('ledger_entries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', '=', 'referral')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await total();
    await t.login('XssTester');
    await postback(cpx('1', 'ref-x-1', 1005, '5.00'));
    expect(await total()).toBe(before);

    await t.login('DaveTheBrave', 'CarolPlays');
    await t.deps.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('username', '=', 'CarolPlays')
      .execute();
    await postback(cpx('1', 'ref-d-1', 1004, '2.00'));
    expect((await user('CarolPlays')).referralsEarned).toBe(0);
    await t.deps.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('username', '=', 'CarolPlays')
      .execute();
    await postback(cpx('1', 'ref-d-2', 1004, '1.00'));
    expect((await user('CarolPlays')).referralsEarned).toBe(30);
    await expectInvariant();
  });
});

describe(`referral commission percent from the environment on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REFERRAL_COMMISSION_PERCENT: '25', PUBLIC_URL: 'https://rbxrewards.example/' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('pays REFERRAL_COMMISSION_PERCENT and builds the link from PUBLIC_URL', async () => {
    const alice = (await t.login('AliceRBX')).token;
    await t.login('BobBuilder', 'AliceRBX');
    const res = await t.app.inject({
      method: 'GET',
      remoteAddress: CPX_ADDRESS,
      url: cpx('1', 'pct-1', 1002, '4.00'),
    });
    expect(res.statusCode).toBe(200);
    const body = (
      await t.app.inject({
        method: 'GET',
        remoteAddress: CPX_ADDRESS,
        url: '/api/referrals',
        headers: bearer(alice),
      })
    ).json();
    expect(body).toEqual({
      link: 'https://rbxrewards.example/login?ref=AliceRBX',
      referralsMade: 1,
      referralsEarned: 1,
    });
  });

  it('credits and reversals of a friend racing each other leave exactly the commission of what stays credited', async () => {
    const credits = ['race-1', 'race-2', 'race-3', 'race-4', 'race-5', 'race-6'].map((trans) =>
      cpx('1', trans, 1002, '1.00'),
    );
    const reversals = ['race-1', 'race-2', 'race-3'].map((trans) => cpx('2', trans, 1002));
    const mixed = [...credits, ...reversals, ...credits, ...reversals].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(
      mixed.map((url) => t.app.inject({ method: 'GET', remoteAddress: CPX_ADDRESS, url })),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    const rows = await t.deps.db
      .selectFrom('users')
      .select(['username', 'balance', 'referrals_earned'])
      .where('username', 'in', ['AliceRBX', 'BobBuilder'])
      .orderBy('username')
      .execute();
    expect(rows.map((r) => [r.username, Number(r.balance), Number(r.referrals_earned)])).toEqual([
      ['AliceRBX', 100 + 75, 100 + 75], // 25% of pct-1's R$4 and of the three R$1 credits that stay
      ['BobBuilder', 400 + 300, 0],
    ]);
    expect(await checkInvariant(t.deps.db)).toEqual({ ok: true, mismatches: [] });
  });
});

describe(`referral commission after other earnings on ${testEngine}`, () => {
  it('a social that takes the friend past R$1 pays the waiting commission at once', async () => {
    const t = await createTestApp();
    try {
      const balanceOf = async (name: string) => {
        const u = await t.deps.db
          .selectFrom('users')
          .select(['balance', 'referrals_earned'])
          .where('username', '=', name)
          .executeTakeFirstOrThrow();
        return { balance: Number(u.balance), referralsEarned: Number(u.referrals_earned) };
      };
      // Carol signs up through Dave's link and earns R$0.50 from a survey: below R$1, nothing yet.
      await t.login('DaveTheBrave');
      const carol = await t.login('CarolPlays', 'DaveTheBrave');
      const survey = await t.app.inject({
        method: 'GET',
        remoteAddress: CPX_ADDRESS,
        url: cpx('1', 'ref-c-1', 1003, '0.50'),
      });
      expect(survey.body).toBe('1');
      expect(await balanceOf('DaveTheBrave')).toEqual({ balance: 0, referralsEarned: 0 });
      // A social (R$1.5) takes her lifetime earnings to R$2: Dave receives 10% of the survey credit now.
      const claim = await t.app.inject({
        method: 'POST',
        url: '/api/socials/youtube/claim',
        headers: bearer(carol.token),
      });
      expect(claim.statusCode).toBe(200);
      expect(await balanceOf('DaveTheBrave')).toEqual({ balance: 5, referralsEarned: 5 });
      expect((await checkInvariant(t.deps.db)).ok).toBe(true);
    } finally {
      await t.close();
    }
  });
});
