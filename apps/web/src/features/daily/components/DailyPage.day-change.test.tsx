import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { siteConfig } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { DailyPage } from './DailyPage';

/*
 * Days change at midnight in the site's time zone (Europe/Brussels here): the page counts down to the
 * instant the server gives (`nextClaimAt`) and names that midnight in the player's own time. The
 * player here is in UTC, where Brussels' winter midnight is 23:00.
 */

beforeAll(() => {
  vi.stubEnv('TZ', 'UTC');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const rewards = Array.from({ length: 7 }, (_, i) =>
  i === 6
    ? { day: 7, amount: 250, claimed: false, canClaim: false, surprise: true }
    : { day: i + 1, amount: 50, claimed: i < 1, canClaim: false },
);

function streak(nextClaimAt: string) {
  return { body: { rewards, claimedToday: true, nextClaimAt } };
}

const footer = () => screen.getByText(/^(Days change|Een nieuwe dag|Les jours changent)/);

describe('the daily page: when the next day begins', () => {
  it('counts down to the server’s nextClaimAt, not to midnight UTC', async () => {
    changeLocale('en');
    const at = new Date(Date.now() + 5 * 3600_000 + 30 * 60_000 + 30_000);
    stubApi({
      'GET /api/config': siteConfig(),
      'GET /api/streak-rewards/AliceRBX': streak(at.toISOString()),
    });
    signIn();
    renderPage(<DailyPage />, '/daily');
    const wait = await screen.findByText('Next reward in', { exact: false });
    expect(wait.textContent).toMatch(/^Next reward in 5h (30|29)m \d\ds$/);
  });

  it('says days change at midnight Central European Time, and when that is in the player’s time', async () => {
    changeLocale('en');
    // A winter midnight in Brussels: 23:00 UTC.
    stubApi({
      'GET /api/config': siteConfig(),
      'GET /api/streak-rewards/AliceRBX': streak('2099-01-15T23:00:00.000Z'),
    });
    signIn();
    renderPage(<DailyPage />, '/daily');
    await screen.findByText('1 / 7 days');
    expect(footer().textContent).toBe(
      'Days change at midnight, Central European Time (11:00 PM your time). Rewards are added to your balance at once.',
    );
  });

  it('in Dutch and French, in the player’s language and clock', async () => {
    changeLocale('nl');
    stubApi({
      'GET /api/config': siteConfig(),
      'GET /api/streak-rewards/AliceRBX': streak('2099-07-15T22:00:00.000Z'),
    });
    signIn();
    const nl = renderPage(<DailyPage />, '/daily');
    await screen.findByText('1 / 7 dagen');
    expect(footer().textContent).toBe(
      'Een nieuwe dag begint om middernacht, Midden-Europese tijd (bij jou 22:00). Beloningen komen meteen op je saldo.',
    );
    nl.unmount();

    changeLocale('fr');
    renderPage(<DailyPage />, '/daily');
    await screen.findByText('1 / 7 jours');
    expect(footer().textContent).toBe(
      'Les jours changent à minuit, heure d’Europe centrale (22:00 chez toi). Les récompenses sont ajoutées à ton solde immédiatement.',
    );
  });

  it('a visitor sees the same midnight, worked out from the site’s time zone', async () => {
    changeLocale('en');
    stubApi({ 'GET /api/config': siteConfig({ timeZone: 'Asia/Tokyo' }) });
    renderPage(<DailyPage />, '/daily');
    // Midnight in Tokyo (UTC+9, no summer time) is 15:00 UTC.
    expect((await screen.findByText(/^Days change/)).textContent).toBe(
      'Days change at midnight, Japan Standard Time (3:00 PM your time). Rewards are added to your balance at once.',
    );
  });
});
