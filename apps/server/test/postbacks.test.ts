import { beforeAll, describe, expect, it } from 'vitest';
import { checkInvariant } from '../src/modules/ledger/service.ts';
import { releaseDueHolds, replayPostback } from '../src/modules/offers/index.ts';
import { testEngine } from './support/test-database.ts';
import { bearer } from './support/test-app.ts';
import { expectInvariant } from './support/ledger.ts';
import { accountOf } from './support/accounts.ts';
import {
  CPX_ADDRESS,
  cpxPostbackPath,
  expectPostbackCredited,
  hmacPostbackPath,
  hmacSign,
  md5,
  sendCpxPostback,
  TEST_CPX_SECRET,
  type CpxPostback,
} from './support/postbacks.ts';
import { openTestApp, t } from './support/suite.ts';
import { addWalls, configureWall } from './support/walls.ts';
import { ledgerEntriesWithKey, postbackRows } from './support/records.ts';

const GENERIC_SECRET = 'generic-secret-4c1d';
const REWARD_SECRET = 'reward-secret-77aa';
const HOUR = 60 * 60 * 1000;

/** A CPX postback to Alice (1001) for R$2.50 unless the test says otherwise. */
const cpxQuery = (p: Partial<CpxPostback> & { trans: string }) =>
  cpxPostbackPath({ ...p, user: p.user ?? 1001, local: p.local ?? '2.50', usd: p.usd ?? '0.10' });

describe(`postbacks on ${testEngine}`, () => {
  const account = (robloxId: number) => accountOf(t.deps.db, robloxId);
  const entriesWithKey = (key: string) => ledgerEntriesWithKey(t.deps.db, key);
  const verdicts = async (slug: string, trans: string) =>
    (await postbackRows(t.deps.db, { slug, trans })).map((r) => r.verdict);

  const guardRow = (slug: string, trans: string) =>
    t.deps.db
      .selectFrom('offer_transactions')
      .select(['state', 'credit_entry_id'])
      .where('wall_slug', '=', slug)
      .where('trans_id', '=', trans)
      .executeTakeFirst();

  openTestApp();
  beforeAll(async () => {
    for (const name of ['AliceRBX', 'BobBuilder', 'CarolPlays', 'DaveTheBrave']) await t.login(name);
    // Two walls on the generic scheme (a provider not listed), open to any address.
    await addWalls(t.deps.db, [
      { slug: 'generic', name: 'Generic', secret: GENERIC_SECRET },
      { slug: 'rewardwall', name: 'Reward wall', amount_mode: 'reward', rate: 0, sort: 110 },
    ]);
  });

  describe('CPX Research', () => {
    it('a correctly signed postback credits amount_local as R$, answers 1, and is stored as credited', async () => {
      const before = await account(1001);
      const res = await sendCpxPostback(t, cpxQuery({ trans: 'cpx-credit-1', local: '2.50' }));
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('1');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);

      const after = await account(1001);
      expect(after.balance - before.balance).toBe(250);
      expect(after.earnings - before.earnings).toBe(250);
      expect(after.offersCompleted - before.offersCompleted).toBe(1);

      const [entry] = await entriesWithKey('postback:cpx:cpx-credit-1');
      expect(entry).toMatchObject({
        user_id: after.id,
        amount: 250,
        kind: 'survey',
        description: 'CPX Research survey',
      });
      expect(JSON.parse(entry!.meta!)).toEqual({ wall: 'cpx', transId: 'cpx-credit-1' });

      const stored = await t.deps.db
        .selectFrom('postbacks')
        .selectAll()
        .where('trans_id', '=', 'cpx-credit-1')
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        wall_slug: 'cpx',
        user_id: after.id,
        action: 'credit',
        verdict: 'credited',
        ledger_entry_id: entry!.id,
      });
      expect(JSON.parse(stored[0]!.params)).toMatchObject({
        status: '1',
        trans_id: 'cpx-credit-1',
        user_id: '1001',
        amount_local: '2.50',
      });
      expect(await guardRow('cpx', 'cpx-credit-1')).toMatchObject({
        state: 'credited',
        credit_entry_id: entry!.id,
      });
      await expectInvariant(t.deps.db);
    });

    it('the guard row notes the id its entry got, also when the newest entry id was taken and removed', async () => {
      // An entry with the next id, written and removed outside the site: that id is never reused.
      const user = await account(1003);
      const [taken] = await t.deps.db
        .insertInto('ledger_entries')
        .values({
          user_id: user.id,
          amount: 1,
          kind: 'admin',
          idempotency_key: 'removed-entry',
          description: 'removed',
          params: '{}',
          created_at: new Date().toISOString(),
          meta: null,
        })
        .returning('id')
        .execute();
      await t.deps.db.deleteFrom('ledger_entries').where('id', '=', taken!.id).execute();
      expect(
        (await sendCpxPostback(t, cpxQuery({ trans: 'cpx-after-gap', user: 1003, local: '0.40' }))).body,
      ).toBe('1');
      const [entry] = await entriesWithKey('postback:cpx:cpx-after-gap');
      expect(entry!.id).toBeGreaterThan(taken!.id);
      expect((await guardRow('cpx', 'cpx-after-gap'))?.credit_entry_id).toBe(entry!.id);
      await expectInvariant(t.deps.db);
    });

    it('the same postback 20 times at once credits once; every answer is 200 "1"', async () => {
      const before = await account(1002);
      const url = cpxQuery({ trans: 'cpx-race-1', user: 1002, local: '1.75' });
      const answers = await Promise.all(Array.from({ length: 20 }, () => sendCpxPostback(t, url)));
      for (const a of answers) expect([a.statusCode, a.body]).toEqual([200, '1']);
      const after = await account(1002);
      expect(after.balance - before.balance).toBe(175);
      expect(after.offersCompleted - before.offersCompleted).toBe(1);
      expect(await entriesWithKey('postback:cpx:cpx-race-1')).toHaveLength(1);
      const v = await verdicts('cpx', 'cpx-race-1');
      expect(v.filter((x) => x === 'credited')).toHaveLength(1);
      expect(v.filter((x) => x === 'duplicate')).toHaveLength(19);
      await expectInvariant(t.deps.db);
    });

    it('its reversal takes back exactly what it credited, once, even when sent many times at once', async () => {
      const before = await account(1002);
      const url = cpxQuery({ status: '2', trans: 'cpx-race-1', user: 1002, local: '-1.75' });
      const answers = await Promise.all(Array.from({ length: 10 }, () => sendCpxPostback(t, url)));
      for (const a of answers) expect([a.statusCode, a.body]).toEqual([200, '1']);
      await expectPostbackCredited(t, url);

      const after = await account(1002);
      expect(after.balance - before.balance).toBe(-175);
      expect(after.earnings - before.earnings).toBe(-175);
      expect(after.offersCompleted - before.offersCompleted).toBe(-1);
      const reversals = await entriesWithKey('reversal:cpx:cpx-race-1');
      expect(reversals).toHaveLength(1);
      expect(reversals[0]).toMatchObject({ amount: -175, kind: 'reversal', user_id: after.id });
      const v = await verdicts('cpx', 'cpx-race-1');
      expect(v.filter((x) => x === 'reversed')).toHaveLength(1);
      // A late repeat of the credit pays nothing either.
      await expectPostbackCredited(t, cpxQuery({ trans: 'cpx-race-1', user: 1002, local: '1.75' }));
      expect((await account(1002)).balance).toBe(after.balance);
      await expectInvariant(t.deps.db);
    });

    it('a reversal arriving before its credit is recorded, and the credit is then never paid', async () => {
      const before = await account(1003);
      await expectPostbackCredited(
        t,
        cpxQuery({ status: '2', trans: 'cpx-early-rev', user: 1003, local: '3.00' }),
      );
      await expectPostbackCredited(t, cpxQuery({ trans: 'cpx-early-rev', user: 1003, local: '3.00' }));
      const repeat = await sendCpxPostback(
        t,
        cpxQuery({ trans: 'cpx-early-rev', user: 1003, local: '3.00' }),
      );
      expect(repeat.statusCode).toBe(200);
      const after = await account(1003);
      expect(after).toEqual(before);
      expect(await entriesWithKey('postback:cpx:cpx-early-rev')).toHaveLength(0);
      expect(await entriesWithKey('reversal:cpx:cpx-early-rev')).toHaveLength(0);
      expect(await verdicts('cpx', 'cpx-early-rev')).toEqual(['reversed', 'already_reversed', 'duplicate']);
      await expectInvariant(t.deps.db);
    });

    it('credit and reversal racing each other net to zero', async () => {
      const before = await account(1004);
      const urls = [
        ...Array.from({ length: 5 }, () => cpxQuery({ trans: 'cpx-mixed', user: 1004, local: '4.00' })),
        ...Array.from({ length: 5 }, () => cpxQuery({ status: '2', trans: 'cpx-mixed', user: 1004 })),
      ];
      const answers = await Promise.all(urls.map((u) => sendCpxPostback(t, u)));
      for (const a of answers) expect(a.statusCode).toBe(200);
      const after = await account(1004);
      expect(after.balance).toBe(before.balance);
      expect(after.earnings).toBe(before.earnings);
      expect(after.offersCompleted).toBe(before.offersCompleted);
      await expectInvariant(t.deps.db);
    });

    it('a wrong or missing hash answers 403 and credits nothing', async () => {
      const before = await account(1001);
      const wrong = await sendCpxPostback(t, cpxQuery({ trans: 'cpx-forged', secret: 'guessed-secret' }));
      expect(wrong.statusCode).toBe(403);
      expect(wrong.body).not.toBe('1');
      const tampered = await sendCpxPostback(
        t,
        cpxQuery({ trans: 'cpx-forged', hash: md5(`cpx-other-${TEST_CPX_SECRET}`) }),
      );
      expect(tampered.statusCode).toBe(403);
      const missing = await sendCpxPostback(
        t,
        '/api/postback/cpx?status=1&trans_id=cpx-forged&user_id=1001&amount_local=9',
      );
      expect(missing.statusCode).toBe(403);
      // A wrong hash on a reversal takes nothing back either.
      const rev = await sendCpxPostback(t, cpxQuery({ status: '2', trans: 'cpx-credit-1', secret: 'nope' }));
      expect(rev.statusCode).toBe(403);
      expect(await account(1001)).toEqual(before);
      expect(await entriesWithKey('postback:cpx:cpx-forged')).toHaveLength(0);
      expect(await verdicts('cpx', 'cpx-forged')).toEqual([
        'bad_signature',
        'bad_signature',
        'bad_signature',
      ]);
      await expectInvariant(t.deps.db);
    });

    it('an unknown user gets a plain 404 the provider sees; nothing is credited', async () => {
      const res = await sendCpxPostback(t, cpxQuery({ trans: 'cpx-nobody', user: 999999 }));
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Unknown user');
      expect(await entriesWithKey('postback:cpx:cpx-nobody')).toHaveLength(0);
      expect(await verdicts('cpx', 'cpx-nobody')).toEqual(['unknown_user']);
    });

    it('malformed parameters are refused with 400 and stored as invalid', async () => {
      const before = await account(1001);
      for (const [trans, overrides] of [
        ['cpx-bad-1', { status: '3' }],
        ['cpx-bad-2', { local: 'lots' }],
        ['cpx-bad-3', { local: '0' }],
        ['cpx-bad-4', { user: 'AliceRBX' }],
      ] as const) {
        const res = await sendCpxPostback(t, cpxQuery({ trans, ...overrides }));
        expect(res.statusCode, trans).toBe(400);
        expect(await verdicts('cpx', trans)).toEqual(['invalid']);
      }
      const listParam = await sendCpxPostback(t, `${cpxQuery({ trans: 'cpx-bad-5' })}&trans_id=cpx-bad-5b`);
      expect(listParam.statusCode).toBe(400);
      expect(await account(1001)).toEqual(before);
    });

    it('accepts the parameters as a form body or a JSON body too; HEAD credits nothing', async () => {
      const before = await account(1003);
      const form = new URLSearchParams({
        status: '1',
        trans_id: 'cpx-form',
        user_id: '1003',
        amount_local: '1.00',
        amount_usd: '0.01',
        hash: md5(`cpx-form-${TEST_CPX_SECRET}`),
      });
      const viaForm = await t.app.inject({
        method: 'POST',
        remoteAddress: CPX_ADDRESS,
        url: '/api/postback/cpx',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      expect([viaForm.statusCode, viaForm.body]).toEqual([200, '1']);
      const viaJson = await t.app.inject({
        method: 'POST',
        remoteAddress: CPX_ADDRESS,
        url: '/api/postback/cpx',
        payload: {
          status: 1,
          trans_id: 'cpx-json',
          user_id: 1003,
          amount_local: 0.5,
          amount_usd: 0.005,
          hash: md5(`cpx-json-${TEST_CPX_SECRET}`),
        },
      });
      expect([viaJson.statusCode, viaJson.body]).toEqual([200, '1']);
      const head = await t.app.inject({ method: 'HEAD', url: cpxQuery({ trans: 'cpx-head', user: 1003 }) });
      expect(head.statusCode).toBe(404);
      expect((await account(1003)).balance - before.balance).toBe(150);
      await expectInvariant(t.deps.db);
    });
  });

  describe('the generic HMAC scheme', () => {
    const generic = (params: Record<string, string>, secret = GENERIC_SECRET) =>
      hmacPostbackPath('generic', params, secret);

    it('a signed credit (sig parameter) converts USD at the wall rate, answers OK, counts as an offer', async () => {
      const before = await account(1001);
      const res = await sendCpxPostback(
        t,
        generic({ user_id: '1001', trans_id: 'lt-1', amount_usd: '0.25', status: 'credit' }),
      );
      expect([res.statusCode, res.body]).toEqual([200, 'OK']);
      const after = await account(1001);
      expect(after.balance - before.balance).toBe(2500); // 0.25 USD × 100 R$/USD
      expect(after.offersCompleted - before.offersCompleted).toBe(1);
      const [entry] = await entriesWithKey('postback:generic:lt-1');
      expect(entry).toMatchObject({ kind: 'offer', amount: 2500, description: 'Generic offer' });
      expect(JSON.parse(entry!.meta!)).toEqual({ wall: 'generic', transId: 'lt-1' });
      await expectInvariant(t.deps.db);
    });

    it('the signature may come in the x-signature header, over every parameter sorted by name', async () => {
      const params = {
        zeta: 'z',
        user_id: '1002',
        trans_id: 'lt-2',
        amount: '0.10',
        status: '1',
        click: 'a b&c',
      };
      const res = await sendCpxPostback(t, `/api/postback/generic?${new URLSearchParams(params)}`, {
        'x-signature': hmacSign(params, GENERIC_SECRET),
      });
      expect([res.statusCode, res.body]).toEqual([200, 'OK']);
      expect(await entriesWithKey('postback:generic:lt-2')).toMatchObject([{ amount: 1000 }]);
    });

    it('20 at once credit once; the reversal (twice) takes it back once', async () => {
      const before = await account(1003);
      const credit = generic({ user_id: '1003', trans_id: 'lt-race', amount_usd: '0.05' });
      const answers = await Promise.all(Array.from({ length: 20 }, () => sendCpxPostback(t, credit)));
      for (const a of answers) expect([a.statusCode, a.body]).toEqual([200, 'OK']);
      expect((await account(1003)).balance - before.balance).toBe(500);
      expect(await entriesWithKey('postback:generic:lt-race')).toHaveLength(1);
      await expectInvariant(t.deps.db);

      const reversal = generic({ user_id: '1003', trans_id: 'lt-race', status: 'reversal' });
      const r = await Promise.all([sendCpxPostback(t, reversal), sendCpxPostback(t, reversal)]);
      for (const a of r) expect([a.statusCode, a.body]).toEqual([200, 'OK']);
      expect(await account(1003)).toEqual(before);
      expect(await entriesWithKey('reversal:generic:lt-race')).toMatchObject([{ amount: -500 }]);
      await expectInvariant(t.deps.db);
    });

    it('a credit with a negative amount is refused (400 invalid, the reason logged), never turned positive', async () => {
      const before = await account(1002);
      const cases = [
        ['lt-neg-1', { amount_usd: '-0.5' }, 'A credit with a negative USD payout (-0.5) is refused'],
        [
          'lt-neg-2',
          { amount: '-50', amount_usd: '0.5' },
          'A credit with a negative amount (-50) is refused',
        ],
      ] as const;
      for (const [trans, amounts, reason] of cases) {
        const res = await sendCpxPostback(
          t,
          generic({ user_id: '1002', trans_id: trans, status: 'credit', ...amounts }),
        );
        expect([res.statusCode, res.body]).toEqual([400, reason]);
        expect(await verdicts('generic', trans)).toEqual(['invalid']);
        expect(await entriesWithKey(`postback:generic:${trans}`)).toHaveLength(0);
      }
      expect(await account(1002)).toEqual(before);
      await expectInvariant(t.deps.db);
    });

    it('a reversal before its credit (status=2) stops the credit', async () => {
      const before = await account(1004);
      expect(
        (await sendCpxPostback(t, generic({ user_id: '1004', trans_id: 'lt-early', status: '2' })))
          .statusCode,
      ).toBe(200);
      expect(
        (await sendCpxPostback(t, generic({ user_id: '1004', trans_id: 'lt-early', amount_usd: '1' })))
          .statusCode,
      ).toBe(200);
      expect(await account(1004)).toEqual(before);
      expect(await verdicts('generic', 'lt-early')).toEqual(['reversed', 'already_reversed']);
    });

    it('a wrong signature, a changed parameter or no signature → 403, nothing credited', async () => {
      const before = await account(1001);
      const wrongKey = await sendCpxPostback(
        t,
        generic({ user_id: '1001', trans_id: 'lt-forged', amount_usd: '5' }, 'not-the-secret'),
      );
      expect(wrongKey.statusCode).toBe(403);
      const signed = generic({ user_id: '1001', trans_id: 'lt-forged', amount_usd: '0.01' });
      const changed = await sendCpxPostback(t, signed.replace('amount_usd=0.01', 'amount_usd=500'));
      expect(changed.statusCode).toBe(403);
      const unsigned = await sendCpxPostback(
        t,
        `/api/postback/generic?user_id=1001&trans_id=lt-forged&amount_usd=5`,
      );
      expect(unsigned.statusCode).toBe(403);
      const badHeader = await sendCpxPostback(
        t,
        `/api/postback/generic?user_id=1001&trans_id=lt-forged&amount_usd=5`,
        { 'x-signature': 'abc' },
      );
      expect(badHeader.statusCode).toBe(403);
      expect(await account(1001)).toEqual(before);
      expect(await verdicts('generic', 'lt-forged')).toEqual([
        'bad_signature',
        'bad_signature',
        'bad_signature',
        'bad_signature',
      ]);
      await expectInvariant(t.deps.db);
    });

    it('an unknown user → 404; a wall without a secret → refused and stored; an unknown wall → 404, not stored', async () => {
      const nobody = await sendCpxPostback(
        t,
        generic({ user_id: '424242', trans_id: 'lt-nobody', amount_usd: '1' }),
      );
      expect([nobody.statusCode, nobody.body]).toEqual([404, 'Unknown user']);

      // rewardwall has no secret yet: whatever the signature, refused.
      const noSecret = await sendCpxPostback(
        t,
        hmacPostbackPath('rewardwall', { user_id: '1001', trans_id: 'ag-0', reward: '5' }, ''),
      );
      expect(noSecret.statusCode).toBe(403);
      expect(await verdicts('rewardwall', 'ag-0')).toEqual(['no_secret']);

      const unknown = await sendCpxPostback(t, '/api/postback/nosuchwall?user_id=1001&trans_id=x-1');
      expect([unknown.statusCode, unknown.body]).toEqual([404, 'Unknown wall']);
      expect(await verdicts('nosuchwall', 'x-1')).toEqual([]);
      expect(await entriesWithKey('postback:rewardwall:ag-0')).toHaveLength(0);
    });

    it("reward mode takes the provider's reward as R$ once the admin set the secret", async () => {
      await configureWall(t.deps.db, 'rewardwall', { secret: REWARD_SECRET });
      const before = await account(1002);
      const res = await sendCpxPostback(
        t,
        hmacPostbackPath('rewardwall', { user_id: '1002', trans_id: 'ag-1', reward: '12.5' }, REWARD_SECRET),
      );
      expect([res.statusCode, res.body]).toEqual([200, 'OK']);
      expect((await account(1002)).balance - before.balance).toBe(1250);
      await expectInvariant(t.deps.db);
    });

    it('a wall with its secret but no addresses credits nobody until the operator lists them or accepts any', async () => {
      // An attacker who learnt the secret (a leaked dashboard, a former staff member) signs a postback.
      await configureWall(t.deps.db, 'rewardwall', { secret: REWARD_SECRET, any_address: 0 });
      const before = await account(1003);
      const signed = (trans: string) =>
        hmacPostbackPath('rewardwall', { user_id: '1003', trans_id: trans, reward: '40' }, REWARD_SECRET);
      try {
        for (const address of ['203.0.113.9', CPX_ADDRESS, '127.0.0.1']) {
          const res = await t.app.inject({
            method: 'GET',
            url: signed(`aa-${address}`),
            remoteAddress: address,
          });
          expect([res.statusCode, res.body]).toEqual([403, "This wall's postback addresses are not set yet"]);
          expect(await verdicts('rewardwall', `aa-${address}`)).toEqual(['forbidden_address']);
        }
        expect((await account(1003)).balance).toBe(before.balance);

        // Listed: only that address credits.
        await configureWall(t.deps.db, 'rewardwall', { allowed_ips: JSON.stringify(['198.51.100.4']) });
        const other = await t.app.inject({
          method: 'GET',
          url: signed('aa-other'),
          remoteAddress: '203.0.113.9',
        });
        expect(other.statusCode).toBe(403);
        const listed = await t.app.inject({
          method: 'GET',
          url: signed('aa-listed'),
          remoteAddress: '198.51.100.4',
        });
        expect([listed.statusCode, listed.body]).toEqual([200, 'OK']);
        expect((await account(1003)).balance - before.balance).toBe(4000);
      } finally {
        await configureWall(t.deps.db, 'rewardwall', { allowed_ips: '[]', any_address: 1 });
      }
      await expectInvariant(t.deps.db);
    });

    it('a stored refused postback can be replayed once the wall is configured (admin console)', async () => {
      await configureWall(t.deps.db, 'rewardwall', { secret: null });
      const before = await account(1004);
      const url = hmacPostbackPath(
        'rewardwall',
        { user_id: '1004', trans_id: 'ag-replay', reward: '2' },
        REWARD_SECRET,
      );
      expect((await sendCpxPostback(t, url)).statusCode).toBe(403);
      const stored = await t.deps.db
        .selectFrom('postbacks')
        .select('id')
        .where('trans_id', '=', 'ag-replay')
        .executeTakeFirstOrThrow();
      await configureWall(t.deps.db, 'rewardwall', { secret: REWARD_SECRET });
      const replayed = await replayPostback(t.deps, stored.id);
      expect(replayed).toMatchObject({ status: 200, verdict: 'credited' });
      const again = await replayPostback(t.deps, stored.id);
      expect(again).toMatchObject({ status: 200, verdict: 'duplicate' });
      expect((await account(1004)).balance - before.balance).toBe(200);
      await expectInvariant(t.deps.db);
    });
  });

  describe('banned players', () => {
    it('a credit to a banned account is refused; a reversal still takes money back', async () => {
      const credited = await sendCpxPostback(t, cpxQuery({ trans: 'cpx-ban-1', user: 1004, local: '1.00' }));
      expect(credited.statusCode).toBe(200);
      const before = await account(1004);
      await t.deps.db.updateTable('users').set({ status: 'banned' }).where('roblox_id', '=', 1004).execute();
      try {
        const refused = await sendCpxPostback(t, cpxQuery({ trans: 'cpx-ban-2', user: 1004, local: '1.00' }));
        expect(refused.statusCode).toBe(403);
        expect(await verdicts('cpx', 'cpx-ban-2')).toEqual(['banned']);
        const reversed = await sendCpxPostback(t, cpxQuery({ status: '2', trans: 'cpx-ban-1', user: 1004 }));
        expect(reversed.statusCode).toBe(200);
        expect((await account(1004)).balance - before.balance).toBe(-100);
      } finally {
        await t.deps.db
          .updateTable('users')
          .set({ status: 'active' })
          .where('roblox_id', '=', 1004)
          .execute();
      }
      await expectInvariant(t.deps.db);
    });
  });
});

describe(`postbacks with OFFER_HOLD_HOURS=24 on ${testEngine}`, () => {
  let token: string;

  async function account() {
    const { balance, earnings, offersCompleted } = await accountOf(t.deps.db, 1001);
    return { balance, earnings, offersCompleted };
  }
  async function pending() {
    const res = await t.app.inject({ method: 'GET', url: '/api/offers/pending', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().pendingRobux;
  }

  openTestApp({ env: { OFFER_HOLD_HOURS: '24', HOLD_EXEMPT_BELOW: '0' } });
  beforeAll(async () => {
    token = (await t.login('AliceRBX')).token;
  });

  it('GET /api/offers/pending needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/pending' })).statusCode).toBe(401);
  });

  it('a credit is pending until the hold passes, then paid once', async () => {
    await expectPostbackCredited(t, cpxQuery({ trans: 'hold-1', local: '2.00' }));
    expect((await sendCpxPostback(t, cpxQuery({ trans: 'hold-1', local: '2.00' }))).statusCode).toBe(200);
    expect(await account()).toEqual({ balance: 0, earnings: 0, offersCompleted: 0 });
    expect(await pending()).toBe(2);
    const stored = await postbackRows(t.deps.db, { trans: 'hold-1' });
    expect(stored.map((s) => s.verdict)).toEqual(['on_hold', 'duplicate']);

    t.clock.advance(23 * HOUR);
    expect(await pending()).toBe(2);
    t.clock.advance(2 * HOUR);
    // Several sweeps at once (the interval, other processes, a read) release it once.
    const released = await Promise.all([
      releaseDueHolds(t.deps),
      releaseDueHolds(t.deps),
      releaseDueHolds(t.deps),
    ]);
    expect(released.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await pending()).toBe(0);
    expect(await account()).toEqual({ balance: 200, earnings: 200, offersCompleted: 1 });
    expect(await checkInvariant(t.deps.db)).toMatchObject({ ok: true });
  });

  it('a read of the pending amount releases what is due', async () => {
    await sendCpxPostback(t, cpxQuery({ trans: 'hold-2', local: '1.00' }));
    expect(await pending()).toBe(1);
    t.clock.advance(25 * HOUR);
    expect(await pending()).toBe(0);
    expect((await account()).balance).toBe(300);
  });

  it('a reversal during the hold cancels the credit; it is never paid', async () => {
    await sendCpxPostback(t, cpxQuery({ trans: 'hold-3', local: '5.00' }));
    expect(await pending()).toBe(5);
    await expectPostbackCredited(t, cpxQuery({ status: '2', trans: 'hold-3' }));
    expect(await pending()).toBe(0);
    t.clock.advance(48 * HOUR);
    expect(await releaseDueHolds(t.deps)).toBe(0);
    expect(await pending()).toBe(0);
    expect((await account()).balance).toBe(300);
    const keys = await t.deps.db
      .selectFrom('ledger_entries')
      .select('idempotency_key')
      .where('idempotency_key', 'like', '%hold-3')
      .execute();
    expect(keys).toEqual([]);
    expect(await checkInvariant(t.deps.db)).toMatchObject({ ok: true });
  });

  it('a reversal after the release takes the credit back', async () => {
    await sendCpxPostback(t, cpxQuery({ trans: 'hold-4', local: '1.50' }));
    t.clock.advance(25 * HOUR);
    await releaseDueHolds(t.deps);
    expect((await account()).balance).toBe(450);
    await sendCpxPostback(t, cpxQuery({ status: '2', trans: 'hold-4' }));
    await sendCpxPostback(t, cpxQuery({ status: '2', trans: 'hold-4' }));
    expect(await account()).toEqual({ balance: 300, earnings: 300, offersCompleted: 2 });
    expect(await checkInvariant(t.deps.db)).toMatchObject({ ok: true });
  });
});
