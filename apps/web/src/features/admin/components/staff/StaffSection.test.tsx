import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '@rewards/contracts';
import { consoleSection, tableRowOf } from '@/test/console';
import { me } from './me.fixture';
import { StaffSection } from './StaffSection';

function member(id: number, username: string, changes: Partial<StaffMember> = {}): StaffMember {
  return {
    id,
    username,
    role: 'moderator',
    totpEnabled: false,
    disabled: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...changes,
  };
}

const OLIVIA = member(1, 'olivia', { role: 'owner', totpEnabled: true });
const MARCO = member(2, 'marco');

const show = consoleSection(<StaffSection />, {
  answers: {
    'GET /api/admin/staff': { body: { staff: [OLIVIA, MARCO] } },
  },
});

describe('StaffSection', () => {
  it('lists each member with role, two-factor and status; the owner has no actions on their own row', async () => {
    show();
    await screen.findByText('marco', { selector: 'p' });
    const own = within(tableRowOf('olivia'));
    expect(own.getByText('you')).toBeTruthy();
    expect(own.getByTestId('staff-role').textContent).toBe('Owner');
    expect(own.getByText('2FA on')).toBeTruthy();
    expect(own.queryByRole('button')).toBeNull();

    const other = within(tableRowOf('marco'));
    expect(other.getByRole<HTMLSelectElement>('combobox', { name: 'Role of marco' }).value).toBe('moderator');
    expect(other.getByText('2FA off')).toBeTruthy();
    expect(other.getByText('Active')).toBeTruthy();
    expect(other.getByRole('button', { name: 'Disable marco' })).toBeTruthy();
  });

  it('adds a member with a username, a password and a role', async () => {
    const { user, writes } = show({
      'POST /api/admin/staff': { status: 201, body: member(3, 'sam', { role: 'support' }) },
    });
    await user.type(await screen.findByLabelText('Username'), 'sam');
    await user.type(screen.getByLabelText('First password'), 'short');
    await user.selectOptions(screen.getByLabelText('Role'), 'support');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(screen.getByRole('alert').textContent).toBe('The password needs at least 12 characters.');
    expect(writes()).toEqual([]);

    await user.type(screen.getByLabelText('First password'), '-and-longer');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText('Staff member added')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/admin/staff',
        body: { username: 'sam', password: 'short-and-longer', role: 'support' },
      },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('');
  });

  it('disables a member only after a confirmation', async () => {
    const { user, writes } = show({
      'PATCH /api/admin/staff/2': (body) => ({
        body: { ...MARCO, disabled: (body as { disabled: boolean }).disabled },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Disable marco' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('cannot sign in until enabled again');
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await expect.poll(() => writes().map((r) => r.body)).toEqual([{ disabled: true }]);
  });

  it('changes a role after a confirmation, and shows the server refusal in the section error box', async () => {
    const { user, writes } = show({
      'PATCH /api/admin/staff/2': {
        status: 403,
        body: { code: 'FORBIDDEN', error: 'Only an owner may manage staff.' },
      },
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of marco' }), 'support');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Make marco Support instead of Moderator?');
    await user.click(within(dialog).getByRole('button', { name: 'Make Support' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only an owner may manage staff.');
    expect(writes()).toEqual([{ method: 'PATCH', path: '/api/admin/staff/2', body: { role: 'support' } }]);
  });

  it('sets a new password after a confirmation that says two-factor sign-in goes off', async () => {
    const { user, writes } = show({ 'POST /api/admin/staff/2/reset-password': { status: 204 } });
    await user.click(await screen.findByRole('button', { name: 'Reset the password of marco' }));
    await user.type(screen.getByLabelText('New password for marco'), 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Set' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('two-factor sign-in is turned off');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password set')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/admin/staff/2/reset-password',
        body: { password: 'a-brand-new-password' },
      },
    ]);
    expect(screen.queryByLabelText('New password for marco')).toBeNull();
  });

  it('is not offered to a moderator, and does not load the staff list', async () => {
    const { seen } = show({ 'GET /api/admin/me': { body: me('moderator') } });
    expect(await screen.findByText('Only an owner manages staff.')).toBeTruthy();
    expect(seen.some((r) => r.path === '/api/admin/staff')).toBe(false);
    expect(screen.queryByLabelText('Username')).toBeNull();
  });
});
