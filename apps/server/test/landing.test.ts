import { describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import { FIGURES_TTL_MS } from '../src/modules/landing/service.ts';
import { runPayoutOnce } from '../src/modules/withdrawals/payout-worker.ts';
import { requestWithdrawal } from './support/gamepasses.ts';
import { signInPlayer, verifyPlayer, type SignedInPlayer } from './support/players.ts';
import { bearer } from './support/site.ts';
import { playerRead } from './support/calls.ts';
import { openTestApp, t } from './support/suite.ts';
import { testEngine } from './support/test-database.ts';

describe(`landing page figures on ${testEngine}`, () => {
  describe('a fresh install', () => {
    openTestApp();

    it('shows no figures, only what a new player gets by this site’s own settings', async () => {
      const landing = await playerRead(t, null, '/api/landing');
      expect(landing).toEqual({
        figures: null,
        offer: { firstDailyReward: 50, dailyNeedsOffer: false, minWithdrawal: 5, referralPercent: 10 },
        firstWithdrawalReviewed: false,
        payoutMethods: ['gamepass'],
        rating: null,
      });
      for (const invented of ['1.5M', '500K', '4.9']) expect(JSON.stringify(landing)).not.toContain(invented);
    });
  });

  describe('the operator’s settings', () => {
    openTestApp({
      env: {
        MIN_WITHDRAWAL: '25',
        REFERRAL_COMMISSION_PERCENT: '7',
        BONUSES_REQUIRE_OFFER: 'true',
        REVIEW_FIRST_WITHDRAWAL: 'true',
        SITE_RATING: '4.3',
        SITE_RATING_SOURCE: 'https://reviews.test/rbxrewards',
      },
    });

    it('are what the cards promise: the minimum, the commission, the offer the daily reward needs, the review', async () => {
      expect(await playerRead(t, null, '/api/landing')).toEqual({
        figures: null,
        offer: { firstDailyReward: 50, dailyNeedsOffer: true, minWithdrawal: 25, referralPercent: 7 },
        firstWithdrawalReviewed: true,
        payoutMethods: ['gamepass'],
        rating: { value: 4.3, source: 'https://reviews.test/rbxrewards' },
      });
    });
  });

  it('a rating is refused without its source, and a source that is not https', () => {
    const base = { NODE_ENV: 'test', ADMIN_PASSWORD: 'a-long-enough-password' };
    expect(() => loadEnv({ ...base, SITE_RATING: '4.9' })).toThrow(/SITE_RATING, SITE_RATING_SOURCE/);
    expect(() => loadEnv({ ...base, SITE_RATING_SOURCE: 'https://reviews.test/x' })).toThrow(
      /SITE_RATING, SITE_RATING_SOURCE/,
    );
    expect(() =>
      loadEnv({ ...base, SITE_RATING: '4.9', SITE_RATING_SOURCE: 'http://reviews.test/x' }),
    ).toThrow(/SITE_RATING_SOURCE must be an https URL/);
    expect(() =>
      loadEnv({ ...base, SITE_RATING: '6', SITE_RATING_SOURCE: 'https://reviews.test/x' }),
    ).toThrow(/SITE_RATING/);
    expect(() => loadEnv({ ...base, PUBLIC_FIGURES_MIN_PAYOUTS: '0' })).toThrow(/PUBLIC_FIGURES_MIN_PAYOUTS/);
    expect(loadEnv(base).PUBLIC_FIGURES_MIN_PAYOUTS).toBe(100);
  });

  describe('above the threshold', () => {
    openTestApp({
      env: { PUBLIC_FIGURES_MIN_PAYOUTS: '20', PAYOUT_MODE: 'roblox', PAYOUT_INTERVAL_MS: '0' },
    });

    /** Ten verified players, each with the first daily reward (R$50, a reward the ledger counts). */
    async function players(): Promise<SignedInPlayer[]> {
      const list: SignedInPlayer[] = [];
      for (let i = 0; i < 10; i++) {
        const p = await signInPlayer(t, `FigurePlayer${i}`);
        await verifyPlayer(t, p);
        const claim = await t.api('POST', '/api/streak-rewards/claim', {}, bearer(p.token));
        expect(claim.status, JSON.stringify(claim.body)).toBe(200);
        list.push(p);
      }
      return list;
    }

    async function payAll(): Promise<void> {
      while ((await runPayoutOnce(t.deps))?.outcome === 'paid');
    }

    it('the cards show the ledger’s figures once 20 withdrawals are paid, read at most once a minute', async () => {
      const list = await players();
      // 19 paid withdrawals of R$7 and R$10 by ten players: under the threshold.
      for (const [i, p] of list.entries()) {
        expect((await requestWithdrawal(t, p, 7)).status).toBe(200);
        if (i < 9) expect((await requestWithdrawal(t, p, 10)).status).toBe(200);
      }
      await payAll();
      expect((await playerRead(t, null, '/api/landing')).figures).toBeNull();

      // The 20th is paid; one more waits (not paid, not counted).
      expect((await requestWithdrawal(t, list[9]!, 10)).status).toBe(200);
      await payAll();
      expect((await requestWithdrawal(t, list[0]!, 5)).status).toBe(200);
      // Within the minute the figures are the ones read before.
      expect((await playerRead(t, null, '/api/landing')).figures).toBeNull();

      t.clock.advance(FIGURES_TTL_MS + 1);
      const rewardEntries = await t.deps.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', 'in', ['offer', 'survey', 'social', 'daily', 'promo', 'referral', 'giveaway'])
        .where('amount', '>', 0)
        .executeTakeFirstOrThrow();
      expect((await playerRead(t, null, '/api/landing')).figures).toEqual({
        robuxPaidOut: 10 * 7 + 10 * 10,
        rewardsCredited: Number(rewardEntries.n),
        playersPaid: 10,
      });
      expect(Number(rewardEntries.n)).toBe(10);
    });
  });
});
