import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminRace, AdminRaceStandingsResponse } from '@rewards/contracts';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { RaceStandings } from './RaceStandings';

// Only the race's state decides which table shows.
const race = (state: AdminRace['state']) => ({ state }) as AdminRace;

function show(answer: AdminRaceStandingsResponse) {
  stubApi({ 'GET /api/admin/races/7/standings': { body: answer } });
  renderPage(<RaceStandings id={7} />, '/admin');
}

/** Each row's cells as text, the header row first. */
function cellsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

describe('RaceStandings', () => {
  it('shows the live standings with place, player, earned, prize, then when each was reached', async () => {
    show({
      race: race('running'),
      standings: [
        {
          rank: 1,
          userId: 3,
          username: 'Fastest',
          amount: 120,
          prize: 50,
          reachedAt: '2026-03-01T10:00:00Z',
        },
        { rank: 2, userId: 4, username: 'Second', amount: 80, prize: 0, reachedAt: '2026-03-01T11:00:00Z' },
      ],
      results: [],
    });
    const table = await screen.findByRole('table');
    const [header, first, second] = cellsOf(table);
    expect(header).toEqual(['Place', 'Player', 'Earned', 'Prize', 'Reached at']);
    expect(first!.slice(0, 4)).toEqual(['1', 'Fastest', 'R$ 120', 'R$ 50']);
    expect(first![4]).toMatch(/2026/);
    expect(second!.slice(0, 4)).toEqual(['2', 'Second', 'R$ 80', '—']);
  });

  it('shows the results with the same cells and each result, and no live table once decided', async () => {
    show({
      race: race('paid'),
      standings: [],
      results: [
        {
          place: 1,
          userId: 3,
          username: 'Winner',
          amount: 120,
          reachedAt: '2026-03-01T10:00:00Z',
          prizeRank: 1,
          prize: 50,
          excluded: null,
          linkedTo: null,
          paid: true,
        },
        {
          place: 2,
          userId: 5,
          username: 'Cheat',
          amount: 90,
          reachedAt: '2026-03-01T10:30:00Z',
          prizeRank: null,
          prize: 0,
          excluded: 'banned',
          linkedTo: null,
          paid: false,
        },
        {
          place: 3,
          userId: 6,
          username: 'deleted-6',
          amount: 80,
          reachedAt: '2026-03-01T10:40:00Z',
          prizeRank: null,
          prize: 0,
          excluded: 'deleted',
          linkedTo: null,
          paid: false,
        },
      ],
    });
    const table = await screen.findByRole('table');
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(cellsOf(table)).toEqual([
      ['Place', 'Player', 'Earned', 'Prize', 'Result'],
      ['1', 'Winner', 'R$ 120', 'R$ 50', 'Paid, rank 1'],
      ['2', 'Cheat', 'R$ 90', '—', 'Passed over: banned'],
      ['3', 'deleted-6', 'R$ 80', '—', 'Passed over: account deleted'],
    ]);
  });
});
