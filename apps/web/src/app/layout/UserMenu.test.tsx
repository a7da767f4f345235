import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { stubApi } from '@/test/api-stub';
import { accountOf, levelStatusOf } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { UserMenu } from './UserMenu';

describe('the account menu', () => {
  it('asks for the level only when opened, and shows it with the way to the next one', async () => {
    signIn();
    const seen = stubApi({
      'GET /api/user/AliceRBX': accountOf(10),
      'GET /api/level': {
        body: levelStatusOf({ level: 3, experience: 52.5, levelStart: 40, nextLevelAt: 90 }),
      },
    });
    renderPage(<UserMenu session={getSession()!} />);
    const button = await screen.findByTestId('user-menu');
    expect(seen.map((r) => r.path)).not.toContain('/api/level');
    await userEvent.setup().click(button);
    const level = await screen.findByTestId('menu-level');
    expect(await within(level).findByText('R$ 52.50 of R$ 90.00 toward level 4')).toBeTruthy();
    expect(within(level).getByTestId('level-badge').textContent).toContain('Level 3');
  });
});
