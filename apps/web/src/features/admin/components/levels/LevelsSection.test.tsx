import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminLevelReward } from '@rewards/contracts';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { me } from '../staff/me.fixture';
import { LevelsSection } from './LevelsSection';

const LEVEL_5: AdminLevelReward = {
  level: 5,
  amount: 20,
  paid: 3,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

function show(role: 'owner' | 'support' = 'owner') {
  const seen = stubApi({
    'GET /api/admin/me': { body: me(role) },
    'GET /api/admin/level-rewards': { body: { rewards: [LEVEL_5] } },
    'POST /api/admin/level-rewards': (body) => ({
      status: 201,
      body: { ...LEVEL_5, ...(body as object), paid: 0 },
    }),
    'PATCH /api/admin/level-rewards/5': (body) => ({ body: { ...LEVEL_5, ...(body as object) } }),
    'DELETE /api/admin/level-rewards/5': { body: LEVEL_5 },
  });
  renderPage(<LevelsSection />, '/admin');
  return { user: userEvent.setup(), writes: () => seen.filter((r) => r.method !== 'GET') };
}

describe('LevelsSection', () => {
  it('adds a reward, changes one, and deletes one once confirmed', async () => {
    const { user, writes } = show();
    const row = await screen.findByRole('row', { name: /R\$ 20/ });
    expect(row.textContent).toContain('3');

    await user.type(screen.getByLabelText('Level'), '1');
    await user.type(screen.getByLabelText('Reward (R$)'), '5');
    await user.click(screen.getByRole('button', { name: 'Add reward' }));
    expect((await screen.findAllByText('Enter a whole level from 2 to 100.')).length).toBeGreaterThan(0);
    expect(writes()).toEqual([]);
    await user.clear(screen.getByLabelText('Level'));
    await user.type(screen.getByLabelText('Level'), '10');
    await user.click(screen.getByRole('button', { name: 'Add reward' }));
    await expect
      .poll(() => writes())
      .toEqual([{ method: 'POST', path: '/api/admin/level-rewards', body: { level: 10, amount: 5 } }]);

    await user.click(screen.getByRole('button', { name: 'Edit the reward of level 5' }));
    const amount = screen.getByLabelText('Reward (R$)');
    expect((screen.getByLabelText('Level') as HTMLInputElement).disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect
      .poll(() => writes().at(-1))
      .toEqual({
        method: 'PATCH',
        path: '/api/admin/level-rewards/5',
        body: { amount: 25 },
      });

    await user.click(screen.getByRole('button', { name: 'Delete the reward of level 5' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Players who reach level 5 from now on get nothing.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect
      .poll(() => writes().at(-1))
      .toEqual({
        method: 'DELETE',
        path: '/api/admin/level-rewards/5',
        body: undefined,
      });
  });

  it('support staff see the rewards but no form and no actions', async () => {
    show('support');
    await screen.findByRole('row', { name: /R\$ 20/ });
    expect(screen.queryByRole('button', { name: 'Add reward' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete the reward/ })).toBeNull();
  });
});
