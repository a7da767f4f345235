import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminWithdrawalRow } from '@rewards/contracts';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { consoleSection } from '@/test/console';
import { renderPage } from '@/test/render';
import { me } from '../staff/me.fixture';
import { WithdrawalsSection } from './WithdrawalsSection';

const PENDING: AdminWithdrawalRow = {
  id: 12,
  userId: 7,
  username: 'BobBuilder',
  robloxId: 1002,
  method: 'gamepass',
  gamepassId: 555,
  gamepassUrl: 'https://www.roblox.com/game-pass/555',
  recipientId: 1002,
  robux: 1234.5,
  price: 1764,
  state: 'pending',
  attempts: 0,
  lastError: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  paidAt: null,
  reviewReasons: [],
  playerStatus: 'active',
  payDespiteBan: false,
};

const show = consoleSection(<WithdrawalsSection />, {
  answers: {
    'GET /api/admin/withdrawals?state=pending&page=1&pageSize=25': {
      body: {
        withdrawals: [PENDING],
        total: 1,
        page: 1,
        pageSize: 25,
        waiting: [{ state: 'pending', count: 1 }],
      },
    },
    'POST /api/admin/withdrawals/12/reject': { body: { withdrawal: { ...PENDING, state: 'refunded' } } },
  },
});

describe('WithdrawalsSection in French', () => {
  it('reads in French with 1.234,50 amounts, and a rejection is sent only once confirmed', async () => {
    changeLocale('fr');
    const { seen, user } = show();

    const row = within((await screen.findByText('BobBuilder')).closest('tr')!);
    expect(screen.getByRole('tab', { name: 'En attente 1', selected: true })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Joueur' })).toBeTruthy();
    expect(row.getByText('R$ 1.234,50')).toBeTruthy();
    expect(row.getByText('prix R$ 1.764')).toBeTruthy();
    expect(row.getByText('en attente')).toBeTruthy();
    expect(screen.getByText('1 retrait · page 1 sur 1')).toBeTruthy();

    await user.click(await row.findByRole('button', { name: 'Refuser' }));
    await user.type(row.getByLabelText('Motif du refus'), 'Lien erroné');
    await user.click(row.getByRole('button', { name: 'Refuser et rembourser' }));
    const question = await screen.findByRole('alertdialog', { name: 'Refuser ce retrait ?' });
    expect(question.textContent).toContain(
      'Refuser le retrait #12 de R$ 1.234,50 à BobBuilder (gamepass 555, prix R$ 1.764) ?',
    );
    expect(question.textContent).toContain('Motif : Lien erroné');
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);

    await user.click(within(question).getByRole('button', { name: 'Refuser et rembourser' }));
    await screen.findByText('Retrait #12 refusé et remboursé');
    await waitFor(() =>
      expect(seen.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
        ['/api/admin/withdrawals/12/reject', { reason: 'Lien erroné' }],
      ]),
    );
  });
});

describe('WithdrawalsSection opens where the work is', () => {
  it('opens on the first tab with withdrawals waiting, and stays on the tab the admin picks', async () => {
    changeLocale('en');
    const IN_REVIEW = { ...PENDING, id: 13, username: 'FirstTimer', state: 'in_review' as const };
    const waiting = [
      { state: 'in_review', count: 1 },
      { state: 'held', count: 2 },
    ];
    const page = (rows: AdminWithdrawalRow[]) => ({
      body: { withdrawals: rows, total: rows.length, page: 1, pageSize: 25, waiting },
    });
    const seen = stubApi({
      'GET /api/admin/me': { body: me('owner') },
      'GET /api/admin/withdrawals?state=pending&page=1&pageSize=25': page([]),
      'GET /api/admin/withdrawals?state=in_review&page=1&pageSize=25': page([IN_REVIEW]),
      'GET /api/admin/withdrawals?state=held&page=1&pageSize=25': page([]),
    });
    renderPage(<WithdrawalsSection />, '/admin');
    const user = userEvent.setup();

    await screen.findByText('FirstTimer');
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected.textContent).toBe('To approve 1');
    expect(screen.getByRole('tab', { name: 'Held 2' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pending' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Pending'));
    expect(screen.queryByText('FirstTimer')).toBeNull();
    // The admin's pick holds: the queue does not jump back to a tab with work.
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Pending');
    expect(seen.some((r) => r.path.includes('state=held'))).toBe(false);
  });
});
