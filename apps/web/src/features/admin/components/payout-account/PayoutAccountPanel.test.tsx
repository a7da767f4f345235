import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleSection } from '@/test/console';
import { overview, STOPPED } from './overview.fixture';
import { PayoutAccountPanel } from './PayoutAccountPanel';

const GET = 'GET /api/admin/payout-account';
const COOKIE = '_|WARNING:-DO-NOT-SHARE-THIS.--|_new-cookie-value-123';

const show = consoleSection(<PayoutAccountPanel />);

const panel = () => screen.getByRole('region', { name: 'Payout account' });

describe('PayoutAccountPanel', () => {
  it('shows the health, the Robux, the group funds, the queue, the warnings and the funds pause', async () => {
    show({
      [GET]: {
        body: overview({
          ...STOPPED,
          fundsPause: 'The payout account has R$ 5; the next payout costs R$ 29.',
          warnings: ['The payout account has R$ 5; the waiting gamepass withdrawals cost R$ 29.'],
          readError: 'Roblox did not answer.',
        }),
      },
    });
    expect(await screen.findByText('Needs attention')).toBeTruthy();
    expect(screen.getByTestId('payout-status').textContent).toMatch(
      /^Payouts stopped since .*: Roblox asked the payout account for a challenge/,
    );
    const figures = screen.getByTestId('payout-figures').textContent;
    expect(figures).toContain('R$ 1,500');
    expect(figures).toContain('R$ 320');
    expect(figures).toContain('3 · R$ 60');
    expect(figures).toContain('cost: gamepass R$ 29 · group R$ 10');
    expect(figures).toContain('Methods: Gamepass, Group payout');
    expect(screen.getByTestId('funds-pause').textContent).toBe(
      'Payouts are waiting for Robux: The payout account has R$ 5; the next payout costs R$ 29.',
    );
    expect(within(screen.getByRole('list', { name: 'Warnings' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('read-error').textContent).toContain('Roblox did not answer.');
    expect(screen.getByRole('link', { name: /group 77/ }).getAttribute('href')).toBe(
      'https://www.roblox.com/communities/77',
    );
  });

  it('sends a new cookie from an empty password field and empties it once the server took it', async () => {
    const { seen, user } = show({
      [GET]: { body: overview(STOPPED) },
      'POST /api/admin/payout-account/cookie': {
        body: overview({
          ...STOPPED,
          cookie: { source: 'console', updatedAt: '2026-03-01T11:00:00.000Z', canReplace: true },
        }),
      },
    });
    const field = await screen.findByLabelText<HTMLInputElement>('New .ROBLOSECURITY value');
    expect(field.type).toBe('password');
    expect(field.value).toBe('');
    await user.type(field, COOKIE);
    await user.click(screen.getByRole('button', { name: 'Save cookie' }));

    expect(await screen.findByText('Payout cookie replaced')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin/payout-account/cookie', body: { cookie: COOKIE } },
    ]);
    expect(field.value).toBe('');
    expect(screen.getByTestId('payout-figures').textContent).toMatch(/Set in this console.*replaced/);
    expect(panel().textContent).not.toContain(COOKIE);
  });

  it('shows why the server refused a cookie in the section error box, and keeps the field for a fix', async () => {
    const { user } = show({
      [GET]: { body: overview(STOPPED) },
      'POST /api/admin/payout-account/cookie': {
        status: 400,
        body: { code: 'VALIDATION', error: 'Roblox does not accept this cookie: 401 Unauthorized' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save cookie' }));
    expect(screen.getByRole('alert').textContent).toBe('Paste the .ROBLOSECURITY cookie value first.');

    await user.type(screen.getByLabelText('New .ROBLOSECURITY value'), COOKIE);
    await user.click(screen.getByRole('button', { name: 'Save cookie' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Roblox does not accept this cookie: 401 Unauthorized',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('cannot store a cookie without PAYOUT_SECRET_KEY, and says so', async () => {
    show({
      [GET]: { body: overview({ cookie: { source: 'environment', updatedAt: null, canReplace: false } }) },
    });
    const field = await screen.findByLabelText<HTMLInputElement>('New .ROBLOSECURITY value');
    expect(field.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save cookie' }).disabled).toBe(true);
    expect(screen.getByText(/Set PAYOUT_SECRET_KEY/)).toBeTruthy();
  });

  it('resumes payouts after a confirmation; the badge turns OK', async () => {
    const { seen, user } = show({
      [GET]: { body: overview(STOPPED) },
      'POST /api/admin/payout-account/resume': { body: overview({ since: '2026-03-01T12:00:00.000Z' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Resume payouts' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Resume payouts' }));

    expect(await screen.findByText('Payouts resumed')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/admin/payout-account/resume',
    ]);
    expect(within(panel()).getByText('OK')).toBeTruthy();
    expect(screen.getByTestId('payout-status').textContent).toMatch(/^Payouts run since/);
    expect(screen.queryByRole('button', { name: 'Resume payouts' })).toBeNull();
  });

  it('shows a refused resume in the section error box', async () => {
    const { user } = show({
      [GET]: { body: overview(STOPPED) },
      'POST /api/admin/payout-account/resume': {
        status: 409,
        body: { code: 'CONFLICT', error: 'Payouts stay stopped: Replace the cookie first.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Resume payouts' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Resume payouts' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Payouts stay stopped: Replace the cookie first.',
    );
    expect(screen.getByText('Needs attention')).toBeTruthy();
  });

  it('offers Resume during a funds pause', async () => {
    show({ [GET]: { body: overview({ fundsPause: 'The payout account has R$ 5.' }) } });
    expect(await screen.findByRole('button', { name: 'Resume payouts' })).toBeTruthy();
  });

  it('has no Resume while payouts run', async () => {
    show({ [GET]: { body: overview() } });
    await screen.findByText('OK');
    expect(screen.queryByRole('button', { name: 'Resume payouts' })).toBeNull();
  });
});

describe('PayoutAccountPanel for a role that cannot change the payout account', () => {
  it('shows the figures but no cookie form and no Resume', async () => {
    consoleSection(<PayoutAccountPanel />, { role: 'moderator' })({ [GET]: { body: overview(STOPPED) } });
    expect(await screen.findByText('Needs attention')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Resume payouts/ })).toBeNull();
    expect(screen.queryByLabelText(/ROBLOSECURITY/)).toBeNull();
  });
});
