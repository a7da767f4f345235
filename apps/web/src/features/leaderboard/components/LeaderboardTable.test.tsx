import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { LeaderboardTable } from './LeaderboardTable';

describe('LeaderboardTable', () => {
  it("shows each player's level beside the name", () => {
    renderPage(
      <LeaderboardTable
        entries={[
          { username: 'BobBuilder', robuxEarned: 1234.5, level: 12 },
          { username: 'AliceRBX', robuxEarned: 12, level: 2 },
        ]}
        currentUsername="AliceRBX"
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByTestId('level-badge').textContent)).toEqual([
      'Lv 12Level 12',
      'Lv 2Level 2',
    ]);
  });
});
