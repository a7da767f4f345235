import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentRaceResponse } from '@rewards/contracts';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { renderPage, signIn } from '@/test/render';
import { LeaderboardPage } from './LeaderboardPage';

const HOUR = 3_600_000;

function runningRace(): CurrentRaceResponse {
  const race = {
    id: 2,
    name: 'Weekly race',
    startAt: new Date(Date.now() - HOUR).toISOString(),
    endAt: new Date(Date.now() + 26 * HOUR).toISOString(),
    repeat: 'weekly' as const,
    prizes: [
      { from: 1, to: 1, prize: 500 },
      { from: 2, to: 2, prize: 250 },
      { from: 3, to: 10, prize: 25 },
    ],
  };
  return {
    race,
    standings: [
      { rank: 1, username: 'BobBuilder', amount: 1234.5, prize: 500 },
      { rank: 2, username: 'AliceRBX', amount: 12, prize: 250 },
    ],
    me: { rank: 2, amount: 12, prize: 250 },
    countedAt: new Date().toISOString(),
    next: null,
    previous: { race: { ...race, id: 1 }, winners: [{ rank: 1, username: 'CarolWins', prize: 500 }] },
  };
}

describe('the race tab in three languages', () => {
  it.each([
    ['en', 'Race', 'Ends in', '#2', 'R$ 1,234.50', '#3 to #10', 'Last winners: Weekly race', '1d '],
    ['nl', 'Race', 'Eindigt over', '#2', 'R$ 1.234,50', '#3 tot #10', 'Vorige winnaars: Weekly race', '1d '],
    [
      'fr',
      'Course',
      'Se termine dans',
      'n° 2',
      'R$ 1.234,50',
      'n° 3 à 10',
      'Derniers gagnants : Weekly race',
      '1 j ',
    ],
  ] as const)(
    '%s: countdown, own place, prizes, standings and last winners',
    async (locale, tab, endsIn, rank, amount, tier, previous, days) => {
      changeLocale(locale);
      stubApi({ 'GET /api/races/current': { body: runningRace() } });
      signIn();
      renderPage(<LeaderboardPage />, '/leaderboard?tab=race');
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe(tab);
      expect(await screen.findByText(endsIn)).toBeTruthy();
      expect(screen.getByRole('timer').textContent).toContain(days);
      expect(within(screen.getByTestId('race-my-place')).getByText(rank)).toBeTruthy();
      expect(within(screen.getByTestId('race-prizes')).getByText(tier)).toBeTruthy();
      const table = screen.getByRole('table');
      expect(within(table).getByText((text) => text.replace(/\s/g, ' ').includes(amount))).toBeTruthy();
      expect(within(table).getByText('AliceRBX').closest('tr')?.getAttribute('aria-current')).toBe('true');
      expect(within(screen.getByTestId('race-previous')).getByText(previous)).toBeTruthy();
      expect(within(screen.getByTestId('race-previous')).getByText('CarolWins')).toBeTruthy();
    },
  );

  it('with no race running, says so and counts down to the next', async () => {
    changeLocale('en');
    const next = runningRace().race!;
    stubApi({
      'GET /api/races/current': {
        body: {
          race: null,
          standings: [],
          me: null,
          countedAt: null,
          next: { ...next, startAt: next.endAt },
          previous: null,
        },
      },
    });
    renderPage(<LeaderboardPage />, '/leaderboard?tab=race');
    expect(await screen.findByText('No race is running right now. Check back soon!')).toBeTruthy();
    expect(screen.getByText('Weekly race starts in')).toBeTruthy();
  });
});
