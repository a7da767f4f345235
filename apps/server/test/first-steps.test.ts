import { describe, expect, it } from 'vitest';
import { requestWithdrawal } from './support/gamepasses.ts';
import {
  claimDaily,
  claimSocial,
  signInPlayer,
  verifyPlayer,
  type SignedInPlayer,
} from './support/players.ts';
import { playerRead } from './support/calls.ts';
import { testEngine } from './support/test-database.ts';
import { openTestApp, t } from './support/suite.ts';

/** A step of the guide, as `GET /api/first-steps` lists it. */
type Step = { id: string; done: boolean; balance?: number; minimum?: number };

/** Which steps are ticked, in the guide's order. */
const ticks = async (player: SignedInPlayer) =>
  (await playerRead(t, player.token, '/api/first-steps')).steps.map((s: Step) => [s.id, s.done] as const);

describe(`the first-steps guide on ${testEngine}`, () => {
  openTestApp();

  it('needs a session', async () => {
    expect((await t.api('GET', '/api/first-steps')).status).toBe(401);
  });

  it('ticks each step after its server event, and is done once all are ticked', async () => {
    const newcomer = await signInPlayer(t, 'FirstStepper');
    expect(await playerRead(t, newcomer.token, '/api/first-steps')).toEqual({
      done: false,
      steps: [
        { id: 'daily', done: false },
        { id: 'social', done: false },
        { id: 'verify', done: false },
        { id: 'withdraw', done: false, balance: 0, minimum: 5 },
      ],
    });

    const followed = await claimSocial(t.app, newcomer.token, 'youtube');
    expect(followed.statusCode, followed.body).toBe(200);
    expect(await ticks(newcomer)).toEqual([
      ['daily', false],
      ['social', true],
      ['verify', false],
      ['withdraw', false],
    ]);
    // R$ 1,50 of R$ 5: below the minimum, not ticked yet.
    expect(
      (await playerRead(t, newcomer.token, '/api/first-steps')).steps.find((s: Step) => s.id === 'withdraw'),
    ).toEqual({
      id: 'withdraw',
      done: false,
      balance: 1.5,
      minimum: 5,
    });

    // The day's R$50 takes the balance past the minimum: the player can withdraw now.
    const daily = await claimDaily(t.app, newcomer.token);
    expect(daily.statusCode, daily.body).toBe(200);
    expect(await ticks(newcomer)).toEqual([
      ['daily', true],
      ['social', true],
      ['verify', false],
      ['withdraw', true],
    ]);
    expect(
      (await playerRead(t, newcomer.token, '/api/first-steps')).steps.find((s: Step) => s.id === 'withdraw'),
    ).toEqual({
      id: 'withdraw',
      done: true,
      balance: 51.5,
      minimum: 5,
    });
    expect((await playerRead(t, newcomer.token, '/api/first-steps')).done).toBe(false);

    await verifyPlayer(t, newcomer);
    const finished = await playerRead(t, newcomer.token, '/api/first-steps');
    expect(finished.steps.every((s: Step) => s.done)).toBe(true);
    expect(finished.done).toBe(true);

    // Withdrawing most of it leaves the balance below the minimum; the guide stays finished.
    expect((await requestWithdrawal(t, newcomer, 50)).status).toBe(200);
    const after = await playerRead(t, newcomer.token, '/api/first-steps');
    expect(after.done).toBe(true);
    expect(after.steps.find((s: Step) => s.id === 'withdraw')).toEqual({
      id: 'withdraw',
      done: true,
      balance: 1.5,
      minimum: 5,
    });
  });

  it('each player sees their own steps', async () => {
    const other = await signInPlayer(t, 'SecondStepper');
    expect(await playerRead(t, other.token, '/api/first-steps')).toMatchObject({ done: false });
    expect(await ticks(other)).toEqual([
      ['daily', false],
      ['social', false],
      ['verify', false],
      ['withdraw', false],
    ]);
  });

  it('a first withdrawal ends the guide for good, even with a step left', async () => {
    const quick = await signInPlayer(t, 'QuickWithdrawer');
    const daily = await claimDaily(t.app, quick.token);
    expect(daily.statusCode, daily.body).toBe(200);
    await verifyPlayer(t, quick);
    expect((await requestWithdrawal(t, quick, 50)).status).toBe(200);
    const steps = await playerRead(t, quick.token, '/api/first-steps');
    expect(steps.steps.map((s: Step) => [s.id, s.done])).toEqual([
      ['daily', true],
      ['social', false],
      ['verify', true],
      ['withdraw', true],
    ]);
    // R$ 0 of R$ 5, but a withdrawal was asked for.
    expect(steps.steps.at(-1)).toEqual({ id: 'withdraw', done: true, balance: 0, minimum: 5 });
    expect(steps.done).toBe(true);
  });
});

describe(`the first-steps guide with a higher minimum withdrawal on ${testEngine}`, () => {
  openTestApp({ env: { MIN_WITHDRAWAL: '100' } });

  it('measures the balance against the MIN_WITHDRAWAL setting', async () => {
    const player = await signInPlayer(t, 'SlowSaver');
    const daily = await claimDaily(t.app, player.token);
    expect(daily.statusCode, daily.body).toBe(200);
    const followed = await claimSocial(t.app, player.token, 'discord');
    expect(followed.statusCode, followed.body).toBe(200);
    await verifyPlayer(t, player);
    const steps = await playerRead(t, player.token, '/api/first-steps');
    expect(steps.steps.at(-1)).toEqual({ id: 'withdraw', done: false, balance: 51.5, minimum: 100 });
    expect(steps.done).toBe(false);
  });
});
