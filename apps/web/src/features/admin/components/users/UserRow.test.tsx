import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@rewards/contracts';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { me } from '../staff/me.fixture';
import { AdminNav } from '../AdminNav';
import { UsersSection } from './UsersSection';

const USER = {
  _id: 7,
  username: 'CarolPlays',
  robloxId: 1007,
  earnings: 12,
  balance: 5,
  status: 'active',
  verified: true,
  joinedAt: '2026-03-01T10:00:00.000Z',
};

async function rowFor(role: StaffRole) {
  stubApi({
    'GET /api/admin/me': { body: me(role) },
    'GET /api/all-users?page=1&pageSize=25': { body: { users: [USER], total: 1, page: 1, pageSize: 25 } },
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
  await screen.findByRole('link', { name: 'My account' });
  return within(row);
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
