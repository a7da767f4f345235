import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_IN_FLIGHT_MESSAGE, type StaffRole } from '@rewards/contracts';
import { stubApi, type StubAnswer } from '@/test/api-stub';
import { adminUserRowOf } from '@/test/builders';
import { renderPage } from '@/test/render';
import { me } from '../staff/me.fixture';
import { UsersSection } from './UsersSection';

const USER = adminUserRowOf();

/** The users table as this role (one that may ban) sees it, with CarolPlays' view open. */
async function openUserView(role: StaffRole, deletion?: (body: unknown) => StubAnswer) {
  const seen = stubApi({
    'GET /api/admin/me': { body: me(role) },
    'GET /api/all-users?page=1&pageSize=25': { body: { users: [USER], total: 1, page: 1, pageSize: 25 } },
    'GET /api/admin/users/7/ledger': { body: { entries: [] } },
    ...(deletion ? { 'POST /api/admin/users/7/delete': deletion } : {}),
  });
  renderPage(<UsersSection />, '/admin');
  const user = userEvent.setup();
  // Once Ban shows, the console knows the role: a missing Delete is the role's doing, not a slow answer.
  await screen.findByRole('button', { name: 'Ban CarolPlays' });
  await user.click(await screen.findByRole('button', { name: 'Ledger of CarolPlays' }));
  const view = await screen.findByRole('dialog', { name: 'Ledger of CarolPlays' });
  await within(view).findByText('No ledger entries yet.');
  return { seen, user, view };
}

/** The console deletes an account on the player's request (owner only). */
describe('DeleteUserAction', () => {
  it('an owner confirms; the refusal for a withdrawal in flight is shown, then a deletion closes the view', async () => {
    let calls = 0;
    const { seen, user, view } = await openUserView('owner', () =>
      ++calls === 1
        ? { status: 409, body: { code: 'WITHDRAWAL_IN_FLIGHT', error: WITHDRAWAL_IN_FLIGHT_MESSAGE } }
        : { body: { deleted: true, forfeited: 5 } },
    );
    const deleteButton = await within(view).findByRole('button', { name: 'Delete account' });

    await user.click(deleteButton);
    const confirm = await screen.findByRole('alertdialog', { name: "Delete CarolPlays's account" });
    expect(confirm.textContent).toContain('R$ 5.00 is forfeited');
    await user.click(within(confirm).getByRole('button', { name: 'Delete account' }));
    const section = within(view).getByRole('region', { name: 'Delete account' });
    const refusal = await within(section).findByRole('alert');
    expect(refusal.textContent).toContain(`Could not delete the account: ${WITHDRAWAL_IN_FLIGHT_MESSAGE}`);

    await user.click(deleteButton);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete account' }),
    );
    await screen.findByText('Account deleted');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ledger of CarolPlays' })).toBeNull());
    expect(seen.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/users/7/delete', { confirm: 'DELETE' }],
      ['/api/admin/users/7/delete', { confirm: 'DELETE' }],
    ]);
  });

  it('a moderator does not see it', async () => {
    const { view } = await openUserView('moderator');
    expect(within(view).queryByRole('button', { name: 'Delete account' })).toBeNull();
  });
});
