import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@rewards/contracts';
import { changeLocale } from '@/lib/i18n';
import { m } from '@/paraglide/messages.js';
import { stubApi } from '@/test/api-stub';
import { adminUserRowOf } from '@/test/builders';
import { renderPage } from '@/test/render';
import { me } from '../staff/me.fixture';
import { AdminNav } from '../AdminNav';
import { UsersSection } from './UsersSection';

const USER = adminUserRowOf();

async function rowFor(role: StaffRole, user: Partial<typeof USER> = {}) {
  const seen = stubApi({
    'GET /api/admin/me': { body: me(role) },
    'GET /api/all-users?page=1&pageSize=25': {
      body: { users: [{ ...USER, ...user }], total: 1, page: 1, pageSize: 25 },
    },
    'PUT /api/toggle-ban/7': (body) => ({ body: { _id: 7, status: (body as { status: string }).status } }),
    'POST /api/admin/add-points': { body: { success: true, newEarnings: 30, balance: 30 } },
  });
  renderPage(
    <>
      <AdminNav active="users" />
      <UsersSection />
    </>,
    '/admin',
  );
  const row = (await screen.findByText('CarolPlays')).closest('tr')!;
  // The navigation lists My account once the server said who is signed in.
  await screen.findByRole('link', { name: m.admin_section_account() });
  const writes = () => seen.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body]);
  return Object.assign(within(row), { writes });
}

describe('UserRow controls by role', () => {
  it('an owner bans and adds points', async () => {
    const row = await rowFor('owner');
    expect(row.getByRole('button', { name: 'Ban CarolPlays' })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Add points to CarolPlays' })).toBeTruthy();
  });

  it('a moderator bans but has no add points', async () => {
    const row = await rowFor('moderator');
    expect(row.getByRole('button', { name: 'Ban CarolPlays' })).toBeTruthy();
    expect(row.queryByLabelText('Points to add to CarolPlays')).toBeNull();
  });

  it('support only reads', async () => {
    const row = await rowFor('support');
    expect(row.queryByRole('button', { name: 'Ban CarolPlays' })).toBeNull();
    expect(row.queryByRole('button', { name: 'Add points to CarolPlays' })).toBeNull();
  });
});

/** Taking access away or giving money waits for a yes in a dialog. */
describe('UserRow confirmations', () => {
  it('Ban asks first: Cancel changes nothing, confirming bans the player', async () => {
    const row = await rowFor('owner');
    const user = userEvent.setup();

    await user.click(row.getByRole('button', { name: 'Ban CarolPlays' }));
    const question = await screen.findByRole('alertdialog', { name: 'Ban CarolPlays?' });
    expect(question.textContent).toContain('CarolPlays can no longer sign in');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(row.writes()).toEqual([]);
    expect(row.getByTestId('status').textContent).toBe('active');

    await user.click(row.getByRole('button', { name: 'Ban CarolPlays' }));
    const again = await screen.findByRole('alertdialog', { name: 'Ban CarolPlays?' });
    await user.click(within(again).getByRole('button', { name: 'Ban' }));
    // (The row's new status is patched into the app's query cache, not this test's own.)
    await waitFor(() => expect(row.writes()).toEqual([['PUT', '/api/toggle-ban/7', { status: 'banned' }]]));
  });

  it('Unban gives access back at once, without a question', async () => {
    const row = await rowFor('owner', { status: 'banned' });
    await userEvent.setup().click(row.getByRole('button', { name: 'Unban CarolPlays' }));
    await waitFor(() => expect(row.writes()).toEqual([['PUT', '/api/toggle-ban/7', { status: 'active' }]]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Add points names the amount and the player and credits only once confirmed', async () => {
    const row = await rowFor('owner');
    const user = userEvent.setup();
    await user.type(row.getByLabelText('Points to add to CarolPlays'), '25');

    await user.click(row.getByRole('button', { name: 'Add points to CarolPlays' }));
    const question = await screen.findByRole('alertdialog', { name: 'Add points to CarolPlays?' });
    expect(question.textContent).toContain('Credit R$ 25 to CarolPlays?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(row.writes()).toEqual([]);

    await user.click(row.getByRole('button', { name: 'Add points to CarolPlays' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Add R$ 25' }),
    );
    await screen.findByText('Points added');
    expect(row.writes()).toEqual([['POST', '/api/admin/add-points', { userId: 7, points: 25 }]]);
  });
});

describe('UsersSection in Dutch', () => {
  it('shows the table, amounts and the ban question in Dutch', async () => {
    changeLocale('nl');
    const row = await rowFor('owner', { earnings: 1234.5, balance: 1234.5 });
    expect(screen.getByRole('heading', { name: 'Gebruikersbeheer' })).toBeTruthy();
    expect(screen.getByText('1 speler')).toBeTruthy();
    for (const header of ['ID', 'Gebruikersnaam', 'Verdiensten', 'Status', 'Acties']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(row.getByTestId('earnings').textContent).toBe('R$ 1.234,50');
    expect(row.getByTestId('balance').textContent).toBe('Saldo R$ 1.234,50');
    expect(row.getByTestId('status').textContent).toBe('actief');

    await userEvent.setup().click(row.getByRole('button', { name: 'CarolPlays blokkeren' }));
    const question = await screen.findByRole('alertdialog', { name: 'CarolPlays blokkeren?' });
    expect(question.textContent).toContain('CarolPlays kan niet meer inloggen');
    expect(within(question).getByRole('button', { name: 'Blokkeren' })).toBeTruthy();
  });
});
