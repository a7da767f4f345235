import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_LEVEL } from '@rewards/contracts';
import { changeLocale } from '@/lib/i18n';
import { levelStatusOf } from '@/test/builders';
import { LevelProgress } from './LevelProgress';

describe('LevelProgress', () => {
  it('fills the bar with the share of the current level earned, and says the amounts', () => {
    render(
      <LevelProgress status={levelStatusOf({ level: 2, experience: 25, levelStart: 10, nextLevelAt: 40 })} />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Progress to level 3' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('R$ 25.00 of R$ 40.00 toward level 3')).toBeTruthy();
    expect(screen.getByTestId('level-badge').textContent).toContain('Level 2');
  });

  it('keeps the bar between empty and full', () => {
    render(
      <LevelProgress status={levelStatusOf({ level: 1, experience: 0, levelStart: 0, nextLevelAt: 10 })} />,
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });

  it('at the highest level says so instead of a bar', () => {
    render(
      <LevelProgress
        status={levelStatusOf({
          level: MAX_LEVEL,
          experience: 120_000,
          levelStart: 98_010,
          nextLevelAt: null,
        })}
      />,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Highest level reached')).toBeTruthy();
  });

  it.each([
    ['nl', 'R$ 25,00 van R$ 40,00 naar niveau 3', 'Niv. 2'],
    ['fr', 'R$ 25,00 sur R$ 40,00 vers le niveau 3', 'Niv. 2'],
  ] as const)('%s: the amounts and the badge in the language', (locale, progress, badge) => {
    changeLocale(locale);
    render(
      <LevelProgress status={levelStatusOf({ level: 2, experience: 25, levelStart: 10, nextLevelAt: 40 })} />,
    );
    expect(screen.getByText(progress)).toBeTruthy();
    expect(screen.getByTestId('level-badge').textContent).toContain(badge);
  });
});
