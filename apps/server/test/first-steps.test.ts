import { describe, expect, it } from 'vitest';
import { requestWithdrawal } from './support/gamepasses.ts';
import {
  claimDaily,
  claimSocial,
  signInPlayer,
  verifyPlayer,
  type SignedInPlayer,
} from './support/players.ts';
import { bearer } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';
import { openTestApp, t } from './support/suite.ts';

/** GET /api/first-steps as the player's browser asks for it. */
async function firstSteps(player: SignedInPlayer) {
  const res = await t.api('GET', '/api/first-steps', undefined, bearer(player.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    done: boolean;
    steps: Array<{ id: string; done: boolean; balance?: number; minimum?: number }>;
  };
}

/** Which steps are ticked, in the guide's order. */
const ticks = async (player: SignedInPlayer) =>
  (await firstSteps(player)).steps.map((s) => [s.id, s.done] as const);

describe(`the first-steps guide on ${testEngine}`, () => {
  openTestApp();

  it('needs a session', async () => {
    expect((await t.api('GET', '/api/first-steps')).status).toBe(401);
  });

  it('ticks each step after its server event, and is done once all are ticked', async () => {
    const newcomer = await signInPlayer(t, 'FirstStepper');
    expect(await firstSteps(newcomer)).toEqual({
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
    expect((await firstSteps(newcomer)).steps.find((s) => s.id === 'withdraw')).toEqual({
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
    expect((await firstSteps(newcomer)).steps.find((s) => s.id === 'withdraw')).toEqual({
      id: 'withdraw',
      done: true,
      balance: 51.5,
      minimum: 5,
    });
    expect((await firstSteps(newcomer)).done).toBe(false);

    await verifyPlayer(t, newcomer);
    const finished = await firstSteps(newcomer);
    expect(finished.steps.every((s) => s.done)).toBe(true);
    expect(finished.done).toBe(true);

    // Withdrawing most of it leaves the balance below the minimum; the guide stays finished.
    expect((await requestWithdrawal(t, newcomer, 50)).status).toBe(200);
    const after = await firstSteps(newcomer);
    expect(after.done).toBe(true);
    expect(after.steps.find((s) => s.id === 'withdraw')).toEqual({
      id: 'withdraw',
      done: true,
      balance: 1.5,
      minimum: 5,
    });
  });

  it('each player sees their own steps', async () => {
    const other = await signInPlayer(t, 'SecondStepper');
    expect(await firstSteps(other)).toMatchObject({ done: false });
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
    const steps = await firstSteps(quick);
    expect(steps.steps.map((s) => [s.id, s.done])).toEqual([
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
    const steps = await firstSteps(player);
    expect(steps.steps.at(-1)).toEqual({ id: 'withdraw', done: false, balance: 51.5, minimum: 100 });
    expect(steps.done).toBe(false);
  });
});
