import { beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { cpxPostbackPath, expectPostbackCredited } from './support/postbacks.ts';
import { proveOwnership } from './support/players.ts';
import {
  atMinute,
  countRows,
  insertGiveawayRow,
  insertSignInTraces,
  insertWithdrawalRow,
} from './support/records.ts';
import { signInFrom, type SignedInFrom } from './support/sign-ins.ts';
import { openTestApp, t } from './support/suite.ts';
import { bearer } from './support/test-app.ts';
import { jsonLeaves } from './support/json-leaves.ts';
import { testEngine } from './support/test-database.ts';

/*
 * GET /api/account/export: one player's download holds every row the database keeps about
 * them, and nothing that identifies another player. The sign-ins, sessions, signals and postbacks go
 * through the real endpoints; the rest of the tables are filled straight in the database.
 */

const OWNER = 'AliceRBX';
const OTHER = 'BobBuilder';
const REFERRER = 'CarolPlays';

/** The owner and the other player sign in from the same address (loopback links nobody). */
const SHARED_ADDRESS = '203.0.113.7';

/** Rows of every player-data table a player has, the way a test fills them (not through the API). */
async function fillTables(userId: number, tag: string, ids: { giveawayId: number; codeId: number }) {
  const db = t.deps.db;
  for (const [kind, amount, description] of [
    ['daily', 50, 'Daily reward day 1'],
    ['social', 150, 'Followed us on YouTube'],
    ['promo', 200, 'Promo code WELCOME'],
    ['giveaway', 500, 'Giveaway won: Spring'],
    ['admin', 100, 'Adjustment'],
  ] as const) {
    await db
      .insertInto('ledger_entries')
      .values({
        user_id: userId,
        amount,
        kind,
        idempotency_key: `${tag}:${kind}`,
        description,
        created_at: atMinute(5),
        meta: kind === 'social' ? JSON.stringify({ social: 'youtube' }) : null,
      })
      .execute();
  }
  const withdrawal = await insertWithdrawalRow(db, userId, {
    gamepass_id: 9000 + userId,
    product_id: 9100 + userId,
  });
  await insertSignInTraces(db, userId, tag, atMinute);
  await db
    .insertInto('giveaway_entries')
    .values({ giveaway_id: ids.giveawayId, user_id: userId, created_at: atMinute(12) })
    .execute();
  await db
    .insertInto('promo_redemptions')
    .values({ code_id: ids.codeId, user_id: userId, created_at: atMinute(13) })
    .execute();
  await db
    .insertInto('streaks')
    .values({ user_id: userId, day: 1, last_claim_day: '2026-03-02', updated_at: atMinute(5) })
    .execute();
  for (const target of [`user:${userId}`, `withdrawal:${withdrawal.id}`]) {
    await db
      .insertInto('audit_log')
      .values({
        actor: 'staff-member-name',
        action: 'user.balance',
        target,
        before: null,
        after: null,
        created_at: atMinute(15),
      })
      .execute();
  }
}

describe(`a player's data export on ${testEngine}`, () => {
  openTestApp();
  let owner: SignedInFrom;
  let other: SignedInFrom;
  let typedOwnerToken: string;
  let res: Awaited<ReturnType<typeof t.app.inject>>;
  let doc: any;

  beforeAll(async () => {
    await signInFrom(t, REFERRER, { browser: 'Referrer Browser', address: '198.51.100.9' });
    owner = await signInFrom(t, OWNER, {
      address: SHARED_ADDRESS,
      ref: REFERRER,
      browser: 'Owner Browser A',
    });
    // A second session of the owner; the other player signs up with the owner's link from the same
    // address, so they share a sign-in signal.
    const browserB = await signInFrom(t, OWNER, { address: SHARED_ADDRESS, browser: 'Owner Browser B' });
    typedOwnerToken = browserB.token;
    owner = { ...browserB, token: owner.token };
    other = await signInFrom(t, OTHER, { address: SHARED_ADDRESS, ref: OWNER, browser: 'Other Browser' });
    // Downloading needs a session that proved ownership lately.
    await proveOwnership(t, owner);
    await proveOwnership(t, other);

    await expectPostbackCredited(
      t,
      cpxPostbackPath({ trans: 'owner-t1', user: owner.robloxId, local: '2.00' }),
    );
    await expectPostbackCredited(
      t,
      cpxPostbackPath({ trans: 'other-t1', user: other.robloxId, local: '3.00' }),
    );

    const db = t.deps.db;
    const giveaway = await insertGiveawayRow(db, { winner_user_id: owner.id });
    const code = await db
      .insertInto('promo_codes')
      .values({ code: 'WELCOME', amount: 200, max_uses: null, expires_at: null, created_at: atMinute(1) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = { giveawayId: giveaway.id, codeId: code.id };
    await fillTables(owner.id, 'owner', ids);
    await fillTables(other.id, 'other', ids);
    // The owner's commission on the friend's earnings names the friend in its description.
    await db
      .insertInto('ledger_entries')
      .values({
        user_id: owner.id,
        amount: 30,
        kind: 'referral',
        idempotency_key: 'owner:referral',
        description: `Referral bonus from ${OTHER}`,
        created_at: atMinute(16),
        meta: JSON.stringify({ friend: other.id }),
      })
      .execute();
    await db
      .insertInto('qualified_referrals')
      .values({ friend_id: other.id, referrer_id: owner.id, qualified_at: atMinute(16) })
      .execute();

    res = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(owner.token) });
    doc = res.json();
  });

  it('answers a JSON file named after the player and the day, with a readable summary first', () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="rbxrewards-data-${OWNER}-2026-03-02.json"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(doc).slice(0, 3)).toEqual(['format', 'exportedAt', 'summary']);
    expect(doc.summary.join(' ')).toContain(`the account ${OWNER}`);
    expect(doc.account).toMatchObject({
      username: OWNER,
      robloxId: owner.robloxId,
      referredBy: REFERRER,
      balance: expect.any(Number),
    });
    expect(doc.sessions.map((s: any) => s.browser).sort()).toEqual(['Owner Browser A', 'Owner Browser B']);
    expect(doc.giveawayEntries).toEqual([{ giveaway: 'Spring', enteredAt: atMinute(12), won: true }]);
    expect(doc.socialClaims).toEqual([{ social: 'youtube', amount: 1.5, date: atMinute(5) }]);
    expect(
      doc.signInSignals.signals.some((s: any) => s.kind === 'address' && s.sharedWithAnotherAccount),
    ).toBe(true);
  });

  it('holds every row the database keeps about the player, table by table', async () => {
    const db = t.deps.db;
    const count = <T extends keyof DB & string>(table: T, column: keyof DB[T] & string, value: number) =>
      countRows(db, table, column, value);
    const id = owner.id;
    const withdrawalTargets = doc.withdrawals.map((w: any) => `withdrawal:${w.id}`);
    const auditInDb = (
      await db
        .selectFrom('audit_log')
        .select('id')
        .where('target', 'in', [`user:${id}`, ...withdrawalTargets])
        .execute()
    ).length;

    const inExport = {
      ledger_entries: doc.ledger.length,
      withdrawals: doc.withdrawals.length,
      sessions: doc.sessions.length,
      login_proofs: doc.verification.signInProofs.length,
      oauth_flows: doc.verification.robloxSignIns.length,
      'users (referred)': doc.referrals.signedUp.count,
      qualified_referrals: doc.referrals.qualified.count,
      giveaway_entries: doc.giveawayEntries.length,
      promo_redemptions: doc.promoRedemptions.length,
      streaks: doc.dailyClaims.streak ? 1 : 0,
      sign_in_signals: doc.signInSignals.signals.length,
      linked_users: doc.signInSignals.linkedAt ? 1 : 0,
      postbacks: doc.postbacks.length,
      offer_transactions: doc.offerTransactions.length,
      audit_log: doc.auditLog.length,
      'daily claims': doc.dailyClaims.claims.length,
      'social claims': doc.socialClaims.length,
    };
    const inDatabase = {
      ledger_entries: await count('ledger_entries', 'user_id', id),
      withdrawals: await count('withdrawals', 'user_id', id),
      sessions: await count('sessions', 'user_id', id),
      login_proofs: await count('login_proofs', 'user_id', id),
      oauth_flows: await count('oauth_flows', 'user_id', id),
      'users (referred)': await count('users', 'referred_by', id),
      qualified_referrals: await count('qualified_referrals', 'referrer_id', id),
      giveaway_entries: await count('giveaway_entries', 'user_id', id),
      promo_redemptions: await count('promo_redemptions', 'user_id', id),
      streaks: await count('streaks', 'user_id', id),
      sign_in_signals: await count('sign_in_signals', 'user_id', id),
      linked_users: await count('linked_users', 'user_id', id),
      postbacks: await count('postbacks', 'user_id', id),
      offer_transactions: await count('offer_transactions', 'user_id', id),
      audit_log: auditInDb,
      'daily claims': 1,
      'social claims': 1,
    };
    expect(inExport).toEqual(inDatabase);
    // Every table was filled for the player: a zero would prove nothing.
    expect(Object.entries(inDatabase).filter(([, n]) => n === 0)).toEqual([]);
  });

  it('holds nothing that identifies another player, nor any secret of the player', async () => {
    const db = t.deps.db;
    const text = JSON.stringify(doc);
    const values = jsonLeaves(doc);
    expect(text).not.toContain(OTHER);
    expect(values).not.toContain(other.robloxId);
    expect(
      values.filter((v) => typeof v === 'string' && new RegExp(`\\b${other.robloxId}\\b`).test(v)),
    ).toEqual([]);
    const hashes = [
      ...(await db.selectFrom('sessions').select('token_hash as h').execute()),
      ...(await db.selectFrom('sign_in_signals').select('value_hash as h').execute()),
      ...(await db.selectFrom('login_proofs').select('token_hash as h').execute()),
      ...(await db.selectFrom('oauth_flows').select('finish_hash as h').execute()),
    ].map((r) => r.h);
    expect(hashes.length).toBeGreaterThan(6);
    expect(hashes.filter((h) => h && text.includes(h))).toEqual([]);
    expect(text).not.toContain('other sentence');
    expect(text).not.toContain('other-t1');
    expect(text).not.toContain('staff-member-name');
    expect(doc.ledger.find((e: any) => e.kind === 'referral').description).toBe(
      'Referral bonus from a player you referred',
    );
  });

  it('needs a session, and refuses with 429 past a few downloads a minute', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
    // A session opened by typing the name and never proven downloads nothing: the owner's proof
    // signed it out.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: bearer(typedOwnerToken),
    });
    expect([refused.statusCode, refused.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(owner.token) }))
          .statusCode,
      );
    expect(statuses.at(-1)).toBe(429);
    // Counted per player: another player still downloads theirs.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(other.token) }))
        .statusCode,
    ).toBe(200);
  });
});
