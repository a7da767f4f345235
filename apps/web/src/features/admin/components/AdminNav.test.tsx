import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@rewards/contracts';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { me } from './staff/me.fixture';
import { AdminNav } from './AdminNav';

async function linksFor(role: StaffRole) {
  stubApi({ 'GET /api/admin/me': { body: me(role) } });
  renderPage(<AdminNav active="overview" />, '/admin');
  const nav = screen.getByRole('navigation', { name: 'Admin' });
  await within(nav).findByRole('link', { name: 'My account' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('AdminNav', () => {
  it('lists Staff for an owner, with who is signed in', async () => {
    expect(await linksFor('owner')).toEqual([
      'Overview',
      'Economics',
      'Users',
      'Offers',
      'Promocodes',
      'Withdrawals',
      'Giveaways',
      'Races',
      'Levels',
      'Audit log',
      'Staff',
      'My account',
    ]);
    expect(screen.getByTestId('admin-who').textContent).toBe('olivia · owner');
  });

  it('shows Economics to a moderator, not to support (no money totals)', async () => {
    expect(await linksFor('moderator')).toContain('Economics');
  });

  it('hides Economics from support', async () => {
    expect(await linksFor('support')).not.toContain('Economics');
  });

  it.each(['moderator', 'support'] as const)('hides Staff from a %s', async (role) => {
    const links = await linksFor(role);
    expect(links).not.toContain('Staff');
    expect(links).toContain('My account');
  });
});
