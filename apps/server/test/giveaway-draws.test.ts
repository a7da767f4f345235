import { shortName } from '@rewards/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { adminCookie as signInAdmin } from './support/admin.ts';
import { expectInvariant } from './support/ledger.ts';
import { signInPlayer } from './support/players.ts';
import { sha256 } from './support/postbacks.ts';
import { consoleCall } from './support/staff.ts';
import { openTestApp, t } from './support/suite.ts';
import { setPlayerStatus } from './support/accounts.ts';

/*
 * Checkable draws (docs/draws.md), checked here with node:crypto and BigInt, independently of the
 * shared implementation in @rewards/contracts, the way an outsider would.
 */

let adminCookie: string;
const HOUR = 3_600_000;

describe(`checkable giveaway draws on ${testEngine}`, () => {
  openTestApp();
  beforeAll(async () => {
    adminCookie = await signInAdmin(t);
  });

  it('publishes the commitment from creation, reveals a secret that hashes to it, and the draw names the paid winner', async () => {
    const endAt = new Date(t.clock.now().getTime() + HOUR).toISOString();
    const created = await consoleCall(t, adminCookie, 'POST', '/api/admin/giveaways', {
      title: 'Checkable',
      prize: 25,
      endAt,
    });
    expect(created.statusCode).toBe(201);
    const id: number = created.json().id;
    const commitment: string = created.json().commitment;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(created.json().draw).toBeNull();

    const names = ['DrawAlice', 'DrawBob', 'DrawCarol', 'DrawDave'];
    for (const name of names) {
      const p = await signInPlayer(t, name);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/giveaway/enter',
            headers: bearer(p.token),
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
    }
    // A banned entrant is left out of the published list, as it cannot win.
    await setPlayerStatus(t.deps.db, 'DrawDave', 'banned');

    const open = (await t.app.inject({ method: 'GET', url: '/api/giveaway' })).json();
    expect(open).toMatchObject({ id, commitment, draw: null, ended: false });
    expect(JSON.stringify(open)).not.toMatch(/secret/);

    t.clock.set(new Date(Date.parse(endAt) + 1000));
    const picks = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: '/api/giveaway/pick' })),
    );
    for (const r of picks) expect(r.statusCode).toBe(200);
    const ended = (await t.app.inject({ method: 'GET', url: '/api/giveaway' })).json();
    expect(ended.commitment).toBe(commitment);
    const { secret, entries, hash, winnerIndex } = ended.draw;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(secret)).toBe(commitment);

    const users = await t.deps.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', 'in', names.slice(0, 3))
      .orderBy('id')
      .execute();
    expect(entries).toEqual(users.map((u) => shortName(u.username)));
    expect(entries).toEqual(['DrawA…', 'DrawB…', 'DrawC…']);

    const recomputed = sha256(`${secret}:${id}:${entries.join('\n')}`);
    expect(recomputed).toBe(hash);
    const index = Number(BigInt(`0x${recomputed.slice(0, 16)}`) % BigInt(entries.length));
    expect(index).toBe(winnerIndex);
    expect(ended.winner).toBe(users[index]!.username);

    // Paid once, to that winner.
    const credits = await t.deps.db
      .selectFrom('ledger_entries')
      .select(['user_id', 'amount'])
      .where('idempotency_key', '=', `giveaway:${id}`)
      .execute();
    expect(credits).toEqual([{ user_id: users[index]!.id, amount: expect.anything() }]);
    expect(Number(credits[0]!.amount)).toBe(2500);

    // One changed entry no longer gives the published hash.
    const altered = [...entries];
    altered[0] = 'Mallo…';
    expect(sha256(`${secret}:${id}:${altered.join('\n')}`)).not.toBe(hash);

    // Later picks change nothing.
    expect((await t.app.inject({ method: 'POST', url: '/api/giveaway/pick' })).json()).toEqual({
      winner: ended.winner,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/giveaway' })).json()).toEqual(ended);
    await expectInvariant(t.deps.db);
  });

  it('one ticket per person: of accounts made in one browser, only the oldest is in the draw', async () => {
    const created = await consoleCall(t, adminCookie, 'POST', '/api/admin/giveaways', {
      title: 'One each',
      prize: 100,
      endAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
    });
    expect(created.statusCode).toBe(201);
    const main = await signInPlayer(t, 'TicketMain');
    const device = /device_id=([^;]+)/.exec(main.setCookies.join('\n'))![1];
    const sameBrowser = { headers: { cookie: `device_id=${device}` } };
    const alts = [
      await signInPlayer(t, 'TicketAltOne', sameBrowser),
      await signInPlayer(t, 'TicketAltTwo', sameBrowser),
    ];
    const other = await signInPlayer(t, 'HonestHanna');
    for (const p of [main, ...alts, other]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/giveaway/enter',
        headers: bearer(p.token),
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    t.clock.advance(2 * HOUR);
    expect((await t.app.inject({ method: 'POST', url: '/api/giveaway/pick' })).statusCode).toBe(200);
    const ended = (await t.app.inject({ method: 'GET', url: '/api/giveaway' })).json();
    const { secret, entries, hash, winnerIndex } = ended.draw;
    expect(entries).toEqual(['Ticke…', 'Hones…']);
    // The published list is the one drawn from: anyone's check still holds.
    expect(sha256(`${secret}:${created.json().id}:${entries.join('\n')}`)).toBe(hash);
    expect(['TicketMain', 'HonestHanna'][winnerIndex]).toBe(ended.winner);
    await expectInvariant(t.deps.db);
  });

  it('a giveaway nobody entered still reveals its secret, with no winner', async () => {
    const endAt = new Date(t.clock.now().getTime() + HOUR).toISOString();
    const created = (
      await consoleCall(t, adminCookie, 'POST', '/api/admin/giveaways', {
        title: 'Empty draw',
        prize: 1,
        endAt,
      })
    ).json();
    const ended = (
      await consoleCall(t, adminCookie, 'POST', `/api/admin/giveaways/${created.id}/end`)
    ).json();
    expect(ended).toMatchObject({ winner: null, commitment: created.commitment });
    expect(ended.draw).toMatchObject({ entries: [], winnerIndex: null });
    expect(sha256(ended.draw.secret)).toBe(created.commitment);
    expect(ended.draw.hash).toBe(sha256(`${ended.draw.secret}:${created.id}:`));
  });
});
