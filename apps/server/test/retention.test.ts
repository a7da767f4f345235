import { beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { runRetention } from '../src/modules/retention/index.ts';
import { adminCookie } from './support/admin.ts';
import { userIdOf } from './support/accounts.ts';
import { priceFor } from './support/gamepasses.ts';
import { creditRobux, expectInvariant } from './support/ledger.ts';
import { cpxPostbackPath, expectPostbackCredited, sendCpxPostback } from './support/postbacks.ts';
import { verifyPlayer } from './support/players.ts';
import { signInFrom } from './support/sign-ins.ts';
import { bearer } from './support/site.ts';
import { testEngine } from './support/test-database.ts';
import { openTestApp, t } from './support/suite.ts';
import { whileClockBack } from './support/clock-travel.ts';

// The retention task: what is past retention goes, on both engines, and nothing that
// records money ever does. Rows sit a minute either side of each boundary; real sign-ins, a
// withdrawal and a credited postback made 200 days ago stand for the old data a site accumulates.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const OLD_DAYS = 200;
const SHARED_DEVICE = 'retention-shared-device-0001';
const RECENT_ADDRESS = '203.0.113.50';

/** Every table the task reads, as sorted keys: what a run removed is the difference. */
async function keysOf() {
  const db = t.deps.db;
  const keys = async (rows: Promise<Array<Record<string, unknown>>>) =>
    (await rows).map((r) => Object.values(r).join('|')).sort();
  return {
    sessions: await keys(db.selectFrom('sessions').select('token_hash').execute()),
    adminSessions: await keys(db.selectFrom('admin_sessions').select('token_hash').execute()),
    loginProofs: await keys(db.selectFrom('login_proofs').select('token_hash').execute()),
    oauthFlows: await keys(db.selectFrom('oauth_flows').select('state').execute()),
    staffLoginFailures: await keys(db.selectFrom('staff_login_failures').select('username_lower').execute()),
    adminLoginFailures: await keys(db.selectFrom('admin_login_failures').select('ip').execute()),
    signInSignals: await keys(db.selectFrom('sign_in_signals').select(['user_id', 'value_hash']).execute()),
    consoleBrowsers: await keys(db.selectFrom('console_browsers').select('browser_hash').execute()),
    postbacks: await keys(db.selectFrom('postbacks').select('trans_id').execute()),
  };
}
type Keys = Awaited<ReturnType<typeof keysOf>>;

/** The rows that record money, whole: a run must leave every one as it was. */
async function moneyRows() {
  const db = t.deps.db;
  return {
    ledger: await db.selectFrom('ledger_entries').selectAll().orderBy('id').execute(),
    withdrawals: await db.selectFrom('withdrawals').selectAll().orderBy('id').execute(),
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    creditedPostbacks: await db
      .selectFrom('postbacks')
      .selectAll()
      .where('ledger_entry_id', 'is not', null)
      .orderBy('id')
      .execute(),
    audit: await db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
  };
}

describe(`retention on ${testEngine}`, () => {
  openTestApp();

  const at = (msAgo: number) => new Date(t.clock.now().getTime() - msAgo).toISOString();
  /** Just past a boundary of `days` (goes), and just inside it (stays). */
  const past = (days: number) => at(days * DAY_MS + MINUTE_MS);
  const inside = (days: number) => at(days * DAY_MS - MINUTE_MS);
  const future = () => at(-60 * MINUTE_MS);

  /** What the run must remove, by the keys `keysOf` lists. */
  const expectedGone: Keys = {
    sessions: [],
    adminSessions: [],
    loginProofs: [],
    oauthFlows: [],
    staffLoginFailures: [],
    adminLoginFailures: [],
    signInSignals: [],
    consoleBrowsers: [],
    postbacks: [],
  };
  let aliceId: number;
  let bobId: number;
  let carolId: number;
  let admin: string;

  /** The admin console's linked accounts of a player: [username, shared signal kinds]. */
  const linked = async (id: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${id}/linked`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    return res
      .json()
      .accounts.map((a: { username: string; signals: Array<{ kind: string }> }) => [
        a.username,
        a.signals.map((s) => s.kind),
      ]);
  };
  beforeAll(async () => {
    // 200 days ago: Alice and Bob sign in from one browser (linked by the device), Alice proves her
    // account, is credited by an offer and withdraws; a forged postback is refused.
    await whileClockBack(t.clock, OLD_DAYS * DAY_MS, async () => {
      const alice = await signInFrom(t, 'AliceRBX', { device: SHARED_DEVICE, address: '198.51.100.1' });
      await signInFrom(t, 'BobBuilder', { device: SHARED_DEVICE, address: '198.51.100.2' });
      aliceId = await userIdOf(t.deps.db, alice.robloxId);
      bobId = await userIdOf(t.deps.db, 1002);
      await verifyPlayer(t, alice);
      // Her later sign-ins here are typed: she turns the default protection of a proven account off.
      const off = await t.api('POST', '/api/account/protection', { on: false }, bearer(alice.token));
      expect(off.status).toBe(200);
      await expectPostbackCredited(
        t,
        cpxPostbackPath({ trans: 'retention-old-credit', user: alice.robloxId, local: '5.00' }),
      );
      const refused = await sendCpxPostback(t, {
        trans: 'retention-old-refused',
        user: alice.robloxId,
        local: '5.00',
        hash: 'bad',
      });
      expect(refused.statusCode).toBe(403);
      await creditRobux(t.deps.db, t.clock, aliceId, 100);
      const pass = await t.control('POST', '/gamepasses', {
        creatorId: alice.robloxId,
        price: priceFor(10),
        isForSale: true,
      });
      const withdrawal = await t.app.inject({
        method: 'POST',
        url: '/api/withdraw',
        headers: bearer(alice.token),
        payload: { gamepassUrl: `https://www.roblox.com/game-pass/${pass.id}/Pass`, amount: 10 },
      });
      expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    });
    const oldTime = at(OLD_DAYS * DAY_MS);
    const oldSessions = await t.deps.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('created_at', '=', oldTime)
      .execute();
    expect(oldSessions).toHaveLength(2);
    expectedGone.sessions.push(...oldSessions.map((s) => s.token_hash));
    const oldSignals = await t.deps.db
      .selectFrom('sign_in_signals')
      .select(['user_id', 'value_hash'])
      .where('last_seen_at', '=', oldTime)
      .execute();
    // The shared device and an address each, and the device of Alice's bio check (sent without the
    // browser's cookie here, so a device id of its own).
    expect(oldSignals).toHaveLength(5);
    expectedGone.signInSignals.push(...oldSignals.map((s) => `${s.user_id}|${s.value_hash}`));
    expectedGone.postbacks.push('retention-old-refused');

    // 10 days ago: Alice (another browser) and Carol sign in from one address: linked by it.
    await whileClockBack(t.clock, 10 * DAY_MS, async () => {
      // Alice proves it is her (a typed name records nothing on an account that exists): her
      // account protected again, the sentence in her bio, the proven sign-in from that browser.
      await t.deps.db.updateTable('users').set({ protected: 1 }).where('id', '=', aliceId).execute();
      const from = { remoteAddress: RECENT_ADDRESS, cookies: { device_id: 'retention-alice-laptop-0001' } };
      const typed = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'AliceRBX' },
        ...from,
      });
      expect(typed.statusCode).toBe(403);
      const { proof } = typed.json();
      await t.control('PUT', '/users/1001/description', { description: proof.sentence });
      const proven = await t.app.inject({
        method: 'POST',
        url: '/api/login/prove',
        payload: { proofToken: proof.proofToken },
        ...from,
      });
      expect(proven.statusCode, proven.body).toBe(200);
      // Its proof, used 10 days ago, is past the day a used proof is kept.
      const used = await t.deps.db.selectFrom('login_proofs').select('token_hash').execute();
      expectedGone.loginProofs.push(...used.map((r) => r.token_hash));
      const carol = await signInFrom(t, 'CarolPlays', {
        device: 'retention-carol-phone-00001',
        address: RECENT_ADDRESS,
      });
      carolId = await userIdOf(t.deps.db, carol.robloxId);
    });
    admin = await adminCookie(t);
    expect(await linked(aliceId)).toEqual([
      ['CarolPlays', ['address']],
      ['BobBuilder', ['device']],
    ]);
  });

  it('removes exactly the rows past retention and keeps everything that records money', async () => {
    /** A Sign in with Roblox attempt of Alice's, two days old unless `changes` say otherwise. */
    const oauthFlow = (state: string, changes: Partial<Insertable<DB['oauth_flows']>>) => ({
      state,
      code_verifier: 'v',
      nonce: 'n',
      ref: null,
      session_hash: null,
      created_at: at(2 * DAY_MS),
      expires_at: future(),
      user_id: aliceId,
      ...changes,
    });
    const db = t.deps.db;
    // Player and admin sessions: 7 days after expiry or sign-out.
    for (const table of ['sessions', 'admin_sessions'] as const) {
      const gone = table === 'sessions' ? expectedGone.sessions : expectedGone.adminSessions;
      const rows = [
        { label: 'expired-past', expires_at: past(7), revoked_at: null, goes: true },
        { label: 'expired-inside', expires_at: inside(7), revoked_at: null, goes: false },
        { label: 'revoked-past', expires_at: future(), revoked_at: past(7), goes: true },
        { label: 'revoked-inside', expires_at: future(), revoked_at: inside(7), goes: false },
        { label: 'live', expires_at: future(), revoked_at: null, goes: false },
      ];
      for (const r of rows) {
        const token_hash = `retention-${table}-${r.label}`;
        const common = {
          token_hash,
          created_at: at(40 * DAY_MS),
          expires_at: r.expires_at,
          revoked_at: r.revoked_at,
        };
        if (table === 'sessions')
          await db
            .insertInto('sessions')
            .values({ ...common, user_id: aliceId })
            .execute();
        else
          await db
            .insertInto('admin_sessions')
            .values({ ...common, ip: '198.51.100.9' })
            .execute();
        if (r.goes) gone.push(token_hash);
      }
    }

    // One-use sign-in secrets: a day after they were used or expired.
    const spent = [
      { label: 'expired-past', expires_at: past(1), used_at: null, goes: true },
      { label: 'expired-inside', expires_at: inside(1), used_at: null, goes: false },
      { label: 'used-past', expires_at: future(), used_at: past(1), goes: true },
      { label: 'used-inside', expires_at: future(), used_at: inside(1), goes: false },
      { label: 'pending', expires_at: future(), used_at: null, goes: false },
    ];
    for (const r of spent) {
      const token_hash = `retention-proof-${r.label}`;
      await db
        .insertInto('login_proofs')
        .values({
          token_hash,
          user_id: aliceId,
          sentence: 'a b c',
          created_at: at(2 * DAY_MS),
          expires_at: r.expires_at,
          used_at: r.used_at,
        })
        .execute();
      if (r.goes) expectedGone.loginProofs.push(token_hash);
      const state = `retention-flow-${r.label}`;
      await db
        .insertInto('oauth_flows')
        .values(oauthFlow(state, { expires_at: r.expires_at, used_at: r.used_at }))
        .execute();
      if (r.goes) expectedGone.oauthFlows.push(state);
    }
    for (const [label, finished_at, goes] of [
      ['finished-past', past(1), true],
      ['finished-inside', inside(1), false],
    ] as const) {
      const state = `retention-flow-${label}`;
      await db
        .insertInto('oauth_flows')
        .values(
          oauthFlow(state, {
            expires_at: future(),
            used_at: inside(1),
            finish_hash: `h-${label}`,
            finished_at,
          }),
        )
        .execute();
      if (goes) expectedGone.oauthFlows.push(state);
    }

    // Wrong staff and admin passwords: a day. Over one batch of the admin's, to see the batches run.
    for (const [label, when, goes] of [
      ['past', past(1), true],
      ['inside', inside(1), false],
    ] as const) {
      await db
        .insertInto('staff_login_failures')
        .values({ username_lower: `retention-${label}`, ip: '198.51.100.3', at: when })
        .execute();
      if (goes) expectedGone.staffLoginFailures.push(`retention-${label}`);
    }
    const manyFailures = Array.from({ length: 5_003 }, (_, i) => ({
      ip: `past-${String(i).padStart(5, '0')}`,
      at: past(1),
    }));
    for (let i = 0; i < manyFailures.length; i += 1_000) {
      await db
        .insertInto('admin_login_failures')
        .values(manyFailures.slice(i, i + 1_000))
        .execute();
    }
    expectedGone.adminLoginFailures.push(...manyFailures.map((f) => f.ip));
    await db
      .insertInto('admin_login_failures')
      .values({ ip: 'inside', at: inside(1) })
      .execute();

    // Sign-in signals: SIGN_IN_SIGNAL_DAYS (180) after the account last signed in with them.
    expect(t.deps.env.SIGN_IN_SIGNAL_DAYS).toBe(180);
    for (const [label, when, goes] of [
      ['past', past(180), true],
      ['inside', inside(180), false],
    ] as const) {
      for (const kind of ['device', 'address'] as const) {
        const value_hash = `retention-${kind}-${label}`;
        await db
          .insertInto('sign_in_signals')
          .values({
            user_id: carolId,
            kind,
            value_hash,
            first_seen_at: at(300 * DAY_MS),
            last_seen_at: when,
            sign_ins: 3,
            created_account: 0,
          })
          .execute();
        if (goes) expectedGone.signInSignals.push(`${carolId}|${value_hash}`);
      }
    }

    // Browsers that signed in to the admin console: like the sign-in signals, after their last sign-in.
    for (const [label, when, goes] of [
      ['past', past(180), true],
      ['inside', inside(180), false],
    ] as const) {
      const browser_hash = `retention-console-${label}`;
      await db.insertInto('console_browsers').values({ browser_hash, signed_in_at: when }).execute();
      if (goes) expectedGone.consoleBrowsers.push(browser_hash);
    }

    // Postbacks that moved no money: POSTBACK_LOG_DAYS (90); a credit's stays whatever its age.
    for (const [trans, when, ledger] of [
      ['retention-refused-past', past(90), null],
      ['retention-refused-inside', inside(90), null],
      ['retention-credit-ancient', past(900), 424_242],
    ] as const) {
      await db
        .insertInto('postbacks')
        .values({
          wall_slug: 'cpx',
          trans_id: trans,
          user_id: aliceId,
          action: null,
          params: '{}',
          signature: null,
          raw_url: null,
          ip: '198.51.100.4',
          verdict: ledger ? 'credited' : 'rejected',
          amount: null,
          reason: null,
          ledger_entry_id: ledger,
          created_at: when,
        })
        .execute();
    }
    expectedGone.postbacks.push('retention-refused-past');

    const money = await moneyRows();
    expect(money.ledger.length).toBeGreaterThanOrEqual(3); // the offer, the grant, the withdrawal
    expect(money.withdrawals).toHaveLength(1);
    expect(money.creditedPostbacks.map((p) => p.trans_id).sort()).toEqual([
      'retention-credit-ancient',
      'retention-old-credit',
    ]);
    const before = await keysOf();

    const report = await runRetention(t.deps);

    const after = await keysOf();
    const gone = Object.fromEntries(
      Object.entries(before).map(([table, keys]) => {
        const left = new Set(after[table as keyof Keys]);
        return [table, keys.filter((k) => !left.has(k)).sort()];
      }),
    );
    const expected = Object.fromEntries(
      Object.entries(expectedGone).map(([table, keys]) => [table, [...keys].sort()]),
    );
    expect(gone).toEqual(expected);
    for (const [table, keys] of Object.entries(after)) {
      expect(keys.length, table).toBe(
        before[table as keyof Keys].length - expectedGone[table as keyof Keys].length,
      );
    }
    expect(report).toEqual(
      Object.fromEntries(Object.entries(expectedGone).map(([table, keys]) => [table, keys.length])),
    );

    expect(await moneyRows()).toEqual(money);
    await expectInvariant(db);

    // Running again (or from another process) finds nothing more.
    expect(Object.values(await runRetention(t.deps))).toEqual(Object.values(report).map(() => 0));
  });

  it('the linked-accounts view still shows the signals inside retention, and only those', async () => {
    // Alice and Bob shared a browser 200 days ago: forgotten. Alice and Carol shared an address 10 days ago.
    expect(await linked(aliceId)).toEqual([['CarolPlays', ['address']]]);
    expect(await linked(carolId)).toEqual([['AliceRBX', ['address']]]);
    expect(await linked(bobId)).toEqual([]);
  });
});
