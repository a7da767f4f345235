import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie } from './support/admin.ts';
import { openLiveStream, type OpenStream, type StreamEvent } from './support/live-stream.ts';
import { cpxPostbackPath, expectPostbackCredited } from './support/postbacks.ts';
import { deleteOwnAccount, signInPlayer, type SignedInPlayer } from './support/players.ts';
import { bearer } from './support/site.ts';
import { openTestApp, t } from './support/suite.ts';
import { testEngine } from './support/test-database.ts';

/**
 * The live feed: credits reach every open stream of the process as public events (a
 * shortened name, no user id), the player's own balance reaches only their own signed-in streams,
 * the number of streams is bounded, and the feed can be switched off. On both engines the process polls
 * the ledger by id (docs/decisions/0019).
 */

describe('live feed', () => {
  openTestApp({ env: { LIVE_FEED_MAX_STREAMS: '3' } });
  let base: string;
  const open: OpenStream[] = [];
  /** A stream, once a place is free (the server lets go of a closed one when it sees the connection close). */
  const stream = async (token?: string) => {
    let s!: OpenStream;
    await expect
      .poll(
        async () => {
          s = await openLiveStream(base, token);
          return s.body?.code;
        },
        { timeout: 10_000 },
      )
      .not.toBe('LIVE_FEED_FULL');
    open.push(s);
    return s;
  };
  let alice: SignedInPlayer;
  let bob: SignedInPlayer;

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    alice = await signInPlayer(t, 'AliceRBX');
    bob = await signInPlayer(t, 'BobBuilder');
  });
  afterAll(() => {
    for (const s of open) s.close();
  });

  function closeAll() {
    for (const s of open.splice(0)) s.close();
  }

  it("a postback credit reaches every stream as a public event; the balance only the player's own stream", async () => {
    const anonymous = await stream();
    const own = await stream(alice.token);
    const other = await stream(bob.token);
    expect([anonymous.status, own.status, other.status]).toEqual([200, 200, 200]);

    await expectPostbackCredited(
      t,
      cpxPostbackPath({ trans: 'live-1', user: alice.robloxId, local: '12.00' }),
    );

    const earning = await anonymous.next((e) => e.event === 'earning', 3000);
    expect(earning.data).toEqual({
      id: expect.any(Number),
      name: 'Alice…',
      amount: 12,
      kind: 'survey',
      source: 'CPX Research',
      at: expect.any(String),
    });
    const text = JSON.stringify(earning.data);
    for (const secret of ['AliceRBX', String(alice.robloxId)]) expect(text).not.toContain(secret);

    const balance = await own.next((e) => e.event === 'balance', 3000);
    const me = await t.api('GET', '/api/user/AliceRBX', undefined, bearer(alice.token));
    expect(balance.data).toEqual({ robux: me.body.robux });
    expect(me.body.robux).toBe(12);
    expect(own.events.map((e) => e.event)).toEqual(['earning', 'balance']);

    await other.next((e) => e.event === 'earning', 3000);

    // Bob's own credit gives Bob his balance, and Alice nothing new about money.
    await expectPostbackCredited(t, cpxPostbackPath({ trans: 'live-2', user: bob.robloxId, local: '3.50' }));
    const bobs = (amount: number) => (e: StreamEvent) => e.event === 'earning' && e.data.amount === amount;
    await anonymous.next(bobs(3.5), 3000);
    // A stream's events come in order: after Bob's earning, all that Alice's credit sent is in.
    expect(anonymous.events.filter((e) => e.event === 'balance')).toEqual([]);
    expect((await other.next((e) => e.event === 'balance', 3000)).data).toEqual({ robux: 3.5 });
    expect(other.events.filter((e) => e.event === 'balance')).toHaveLength(1);
    // A later credit is delivered by a later poll, once the previous delivery is done: after its
    // earning, all that Bob's first credit sent is in.
    await expectPostbackCredited(t, cpxPostbackPath({ trans: 'live-2b', user: bob.robloxId, local: '1.25' }));
    await Promise.all([own, anonymous].map((s) => s.next(bobs(1.25), 3000)));
    expect(own.events.filter((e) => e.event === 'balance')).toHaveLength(1);
    expect(anonymous.events.filter((e) => e.event === 'balance')).toEqual([]);

    const recent = await t.api('GET', '/api/live/recent');
    expect(recent.status).toBe(200);
    expect(
      recent.body.events.slice(0, 3).map((e: { name: string; amount: number }) => [e.name, e.amount]),
    ).toEqual([
      ['BobBu…', 1.25],
      ['BobBu…', 3.5],
      ['Alice…', 12],
    ]);
    closeAll();
  });

  // PostgreSQL hands out ids at insert and shows rows at commit: an entry with a smaller id that commits
  // after a larger one has been shown must not be skipped by the poller.
  it.runIf(testEngine === 'postgres')(
    'an entry that commits after one with a larger id is still shown',
    async () => {
      const watcher = await stream();
      const { id: aliceId } = await t.deps.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'AliceRBX')
        .executeTakeFirstOrThrow();
      let commit!: () => void;
      const later = new Promise<void>((resolve) => (commit = resolve));
      const slow = t.deps.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('ledger_entries')
          .values({
            user_id: aliceId,
            amount: 700,
            kind: 'offer',
            idempotency_key: 'test:live-late-commit',
            description: 'Late Wall offer',
            params: JSON.stringify({ wall: 'Late Wall' }),
            created_at: t.clock.now().toISOString(),
            meta: null,
          })
          .execute();
        await trx
          .updateTable('users')
          .set((eb) => ({ balance: eb('balance', '+', 700), earnings: eb('earnings', '+', 700) }))
          .where('id', '=', aliceId)
          .execute();
        await later;
      });
      await expectPostbackCredited(
        t,
        cpxPostbackPath({ trans: 'live-late', user: bob.robloxId, local: '2.25' }),
      );
      await watcher.next((e) => e.event === 'earning' && e.data.amount === 2.25, 3000);
      commit();
      await slow;
      const late = await watcher.next((e) => e.event === 'earning' && e.data.source === 'Late Wall', 3000);
      expect(late.data).toMatchObject({ name: 'Alice…', amount: 7, kind: 'offer' });
      closeAll();
    },
  );

  it('a signed-out session stops getting its balance: the stream ends at its next credit', async () => {
    const carol = await signInPlayer(t, 'CarolPlays');
    const s = await stream(carol.token);
    expect((await t.api('POST', '/api/logout', {}, bearer(carol.token))).status).toBeLessThan(300);
    await expectPostbackCredited(
      t,
      cpxPostbackPath({ trans: 'live-3', user: carol.robloxId, local: '1.00' }),
    );
    await s.next((e) => e.event === 'earning', 3000);
    await expect.poll(() => s.ended, { timeout: 2000 }).toBe(true);
    expect(s.events.filter((e) => e.event === 'balance')).toEqual([]);
    closeAll();
  });

  it('banned and deleted players are never shown, live or in the recent list', async () => {
    const dave = await signInPlayer(t, 'DaveTheBrave');
    await expectPostbackCredited(t, cpxPostbackPath({ trans: 'live-4', user: dave.robloxId, local: '2.00' }));
    t.clock.advance(2000);
    expect((await t.api('GET', '/api/live/recent')).body.events[0].name).toBe('DaveT…');

    const cookie = await adminCookie(t);
    const { id } = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'DaveTheBrave')
      .executeTakeFirstOrThrow();
    expect((await t.api('PUT', `/api/toggle-ban/${id}`, { status: 'banned' }, { cookie })).status).toBe(200);
    t.clock.advance(2000);
    const names = (await t.api('GET', '/api/live/recent')).body.events.map((e: { name: string }) => e.name);
    expect(names).not.toContain('DaveT…');

    // A deleted account's earlier credit leaves the list too (its name is deleted-<id> by then).
    const erin = await signInPlayer(t, 'ErinDeletes');
    await expectPostbackCredited(
      t,
      cpxPostbackPath({ trans: 'live-4b', user: erin.robloxId, local: '2.00' }),
    );
    t.clock.advance(2000);
    expect((await t.api('GET', '/api/live/recent')).body.events[0].name).toBe('ErinD…');
    await deleteOwnAccount(t, erin, 2);
    t.clock.advance(2000);
    const left = (await t.api('GET', '/api/live/recent')).body.events.map((e: { name: string }) => e.name);
    expect(left.filter((n: string) => n.startsWith('ErinD') || n.startsWith('delet'))).toEqual([]);

    const watcher = await stream();
    await t.api('GET', cpxPostbackPath({ trans: 'live-5', user: dave.robloxId, local: '2.00' }), undefined, {
      'x-forwarded-for': '188.40.3.73',
    });
    await expectPostbackCredited(
      t,
      cpxPostbackPath({ trans: 'live-6', user: alice.robloxId, local: '1.00' }),
    );
    await watcher.next((e) => e.event === 'earning' && e.data.name === 'Alice…', 3000);
    expect(watcher.events.map((e) => e.data.name)).not.toContain('DaveT…');
    closeAll();
  });

  it('over LIVE_FEED_MAX_STREAMS a stream is refused with 503 LIVE_FEED_FULL; a closed one frees its place', async () => {
    await stream();
    await stream();
    const third = await stream();
    expect(third.status).toBe(200);
    const refused = await openLiveStream(base);
    expect([refused.status, refused.body.code]).toEqual([503, 'LIVE_FEED_FULL']);
    third.close();
    expect((await stream()).status).toBe(200);
    closeAll();
  });

  it('wants Accept: text/event-stream, and a valid session when a token is sent', async () => {
    const plain = await t.api('GET', '/api/live/stream');
    expect([plain.status, plain.body.code]).toEqual([400, 'VALIDATION']);
    const stale = await openLiveStream(base, 'not-a-session');
    expect([stale.status, stale.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('live feed switched off (LIVE_FEED=off)', () => {
  openTestApp({ env: { LIVE_FEED: 'off' } });

  it('both endpoints answer 404', async () => {
    const recent = await t.api('GET', '/api/live/recent');
    const stream = await t.api('GET', '/api/live/stream', undefined, { accept: 'text/event-stream' });
    expect([recent.status, stream.status]).toEqual([404, 404]);
    expect(stream.body.code).toBe('NOT_FOUND');
  });
});
