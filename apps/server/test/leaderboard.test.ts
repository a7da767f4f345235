import { describe, expect, it } from 'vitest';
import { checkInvariant } from '../src/modules/ledger/service.ts';
import { LEADERBOARD_TTL_MS } from '../src/modules/activity/service.ts';
import { insertUser } from './support/accounts.ts';
import { bearer } from './support/test-app.ts';
import { postEntry, testSubject } from './support/ledger.ts';
import { testEngine } from './support/test-database.ts';
import { openTestApp, t } from './support/suite.ts';

let nextRobloxId = 900_000;

/** A player made straight in the database (the leaderboard needs no sign-in), joined at `joinedAt`. */
const newPlayer = (username: string, joinedAt = t.clock.now().toISOString()) =>
  insertUser(t.deps.db, ++nextRobloxId, { username, joinedAt });

/** Reads the leaderboard after the cache's lifetime has passed. */
async function fresh() {
  t.clock.advance(LEADERBOARD_TTL_MS + 1);
  const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
  expect(res.statusCode).toBe(200);
  return res.json() as { username: string; robuxEarned: number; level: number }[];
}

describe(`leaderboard on ${testEngine}`, () => {
  openTestApp();

  it('is public and answers a bare empty array when nobody has earned', async () => {
    await newPlayer('NoEarnings');
    const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual([]);
  });

  it('orders by lifetime earnings, ties by earliest join, and omits players with nothing earned', async () => {
    const early = await newPlayer('TieEarly', '2026-01-01T00:00:00.000Z');
    const late = await newPlayer('TieLate', '2026-02-01T00:00:00.000Z');
    const top = await newPlayer('TopEarner', '2026-02-15T00:00:00.000Z');
    const small = await newPlayer('SmallFry', '2025-12-01T00:00:00.000Z');
    // Inserted late-joiner first, so the order cannot come from ids.
    await postEntry(t.deps.db, t.clock, late, 500, testSubject('survey'));
    await postEntry(t.deps.db, t.clock, early, 300, testSubject('offer'));
    await postEntry(t.deps.db, t.clock, early, 200, testSubject('daily'));
    await postEntry(t.deps.db, t.clock, top, 123_456, testSubject('offer'));
    await postEntry(t.deps.db, t.clock, small, 5, testSubject('promo'));
    expect(await fresh()).toEqual([
      { username: 'TopEarner', robuxEarned: 1234.56, level: 1 },
      { username: 'TieEarly', robuxEarned: 5, level: 1 },
      { username: 'TieLate', robuxEarned: 5, level: 1 },
      { username: 'SmallFry', robuxEarned: 0.05, level: 1 },
    ]);
  });

  it('counts earning kinds only: admin grants (and refunds) are not earnings', async () => {
    const granted = await newPlayer('GrantedOnly');
    await postEntry(t.deps.db, t.clock, granted, 1_000_000, testSubject('admin'));
    await postEntry(t.deps.db, t.clock, granted, 500, testSubject('withdrawal_refund'));
    const mixed = await newPlayer('MixedEarner');
    await postEntry(t.deps.db, t.clock, mixed, 250, testSubject('social'));
    await postEntry(t.deps.db, t.clock, mixed, 999_900, testSubject('admin'));
    const board = await fresh();
    expect(board.map((e) => e.username)).not.toContain('GrantedOnly');
    expect(board.find((e) => e.username === 'MixedEarner')).toEqual({
      username: 'MixedEarner',
      robuxEarned: 2.5,
      level: 1,
    });
    // R$9,999 of grants do not lift MixedEarner above players who earned more.
    expect(board.findIndex((e) => e.username === 'MixedEarner')).toBeGreaterThan(
      board.findIndex((e) => e.username === 'TieLate'),
    );
    expect((await checkInvariant(t.deps.db)).ok).toBe(true);
  });

  it('hides banned accounts, and shows them again when unbanned', async () => {
    const cheat = await newPlayer('BannedCheat');
    await postEntry(t.deps.db, t.clock, cheat, 9_999_999, testSubject('offer'));
    expect((await fresh())[0]).toEqual({ username: 'BannedCheat', robuxEarned: 99_999.99, level: 1 });
    await t.deps.db.updateTable('users').set({ status: 'banned' }).where('id', '=', cheat).execute();
    const board = await fresh();
    expect(board.map((e) => e.username)).not.toContain('BannedCheat');
    expect(board[0]?.username).toBe('TopEarner');
    await t.deps.db.updateTable('users').set({ status: 'active' }).where('id', '=', cheat).execute();
    expect((await fresh())[0]?.username).toBe('BannedCheat');
    await t.deps.db.updateTable('users').set({ status: 'banned' }).where('id', '=', cheat).execute();
  });

  it('leaves a deleted account out: its pseudonym would tie back to the name the board showed', async () => {
    const gone = await newPlayer('GoneEarner');
    await postEntry(t.deps.db, t.clock, gone, 8_888_888, testSubject('offer'));
    expect((await fresh())[0]?.username).toBe('GoneEarner');
    await t.deps.db
      .updateTable('users')
      .set({ username: `deleted-${gone}`, deleted_at: t.clock.now().toISOString() })
      .where('id', '=', gone)
      .execute();
    const board = await fresh();
    expect(
      board.map((e) => e.username).filter((n) => n.includes(String(gone)) || n === 'GoneEarner'),
    ).toEqual([]);
  });

  it('a social claimed through the API puts the player on the board', async () => {
    const { token } = await t.login('AliceRBX');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/socials/youtube/claim',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(await fresh()).toContainEqual({ username: 'AliceRBX', robuxEarned: 1.5, level: 1 });
  });

  it('serves one answer for a few seconds, then a new one', async () => {
    const before = await fresh();
    const newcomer = await newPlayer('Newcomer');
    await postEntry(t.deps.db, t.clock, newcomer, 99_999_999, testSubject('offer'));
    // Within the lifetime the cached answer is served, also to many concurrent readers.
    t.clock.advance(LEADERBOARD_TTL_MS - 1000);
    const cached = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/leaderboard' })),
    );
    for (const r of cached) expect(r.json()).toEqual(before);
    // Once it has passed, the newcomer appears.
    t.clock.advance(1001);
    const after = (await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json();
    expect(after[0]).toEqual({ username: 'Newcomer', robuxEarned: 999_999.99, level: 1 });
  });

  it('lists at most 100 players, highest first', async () => {
    for (let i = 0; i < 110; i++) {
      const id = await newPlayer(`Bulk${String(i).padStart(3, '0')}`);
      await postEntry(t.deps.db, t.clock, id, 1000 + i * 10, testSubject('offer'));
    }
    const board = await fresh();
    expect(board).toHaveLength(100);
    for (let i = 1; i < board.length; i++) {
      expect(board[i - 1]!.robuxEarned).toBeGreaterThanOrEqual(board[i]!.robuxEarned);
    }
    expect(board[0]?.username).toBe('Newcomer');
    // The 100th place is one of the bulk players; the lowest bulk earners fell off.
    expect(board.map((e) => e.username)).not.toContain('Bulk000');
    expect(board.map((e) => e.username)).not.toContain('BannedCheat');
    expect((await checkInvariant(t.deps.db)).ok).toBe(true);
  });
});
