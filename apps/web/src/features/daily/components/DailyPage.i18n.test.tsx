import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { siteConfig } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { DailyPage } from './DailyPage';

const rewards = Array.from({ length: 7 }, (_, i) =>
  i === 6
    ? { day: 7, amount: 250, claimed: false, canClaim: false, surprise: true }
    : { day: i + 1, amount: 1.5, claimed: i < 2, canClaim: false },
);

describe('the daily page in Dutch and French', () => {
  it('Dutch: the streak, a wait in hours, and each day card', async () => {
    changeLocale('nl');
    stubApi({
      'GET /api/config': siteConfig(),
      'GET /api/streak-rewards/AliceRBX': {
        body: {
          rewards,
          claimedToday: true,
          nextClaimAt: new Date(Date.now() + 3 * 3600_000 + 60_000).toISOString(),
        },
      },
    });
    signIn();
    renderPage(<DailyPage />, '/daily');
    expect(await screen.findByText('2 / 7 dagen')).toBeTruthy();
    expect(screen.getByText('Volgende beloning over', { exact: false }).textContent).toMatch(
      /^Volgende beloning over 3u 0[01]m \d\ds$/,
    );
    const day1 = screen.getByRole('article', { name: 'Dag 1' });
    expect(within(day1).getByText('Opgehaald')).toBeTruthy();
    expect(within(day1).getByText('R$ 1,50')).toBeTruthy();
    const day7 = screen.getByRole('article', { name: 'Dag 7' });
    expect(within(day7).getByText('Verrassingsprijs')).toBeTruthy();
    expect(within(day7).getByRole('button', { name: 'OPHALEN' })).toBeTruthy();
  });

  it('French: a visitor sees a fresh streak with French labels', async () => {
    changeLocale('fr');
    stubApi({ 'GET /api/config': siteConfig() });
    renderPage(<DailyPage />, '/daily');
    expect(screen.getByRole('heading', { name: 'Récompenses de série sur 7 jours' })).toBeTruthy();
    expect(screen.getByText('La récompense du jour est prête !')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Jour 1' })).getByText('Prêt')).toBeTruthy();
  });
});
