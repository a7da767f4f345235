import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { renderPage, signIn } from '@/test/render';
import { LeaderboardPage } from './LeaderboardPage';

describe('the leaderboard in Dutch and French', () => {
  it.each([
    ['nl', 'Ranglijst', ['Plaats', 'Gebruikersnaam', 'Verdiende Robux'], 'Jij'],
    ['fr', 'Classement', ['Rang', 'Pseudo', 'Robux gagnés'], 'Toi'],
  ] as const)('%s: headers, the own row and earnings as R$ 1.234,50', async (locale, title, headers, you) => {
    changeLocale(locale);
    stubApi({
      'GET /api/leaderboard': {
        body: [
          { username: 'BobBuilder', robuxEarned: 1234.5 },
          { username: 'AliceRBX', robuxEarned: 12 },
        ],
      },
    });
    signIn();
    renderPage(<LeaderboardPage />, '/leaderboard');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([...headers]);
    expect(within(table).getByText('R$ 1.234,50')).toBeTruthy();
    expect(within(table).getByText('R$ 12,00')).toBeTruthy();
    expect(within(table).getByText(you)).toBeTruthy();
  });
});
