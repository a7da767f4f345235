import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminGiveaway } from '@rewards/contracts';
import { changeLocale } from '@/lib/i18n';
import { consoleSection } from '@/test/console';
import { GiveawaysSection } from './GiveawaysSection';

const WEEKEND: AdminGiveaway = {
  id: 5,
  title: 'Weekend drop',
  description: 'Win big',
  prize: 1234.5,
  endDate: '2099-03-01T10:00:00.000Z',
  entries: 1,
  winner: null,
  ended: false,
  commitment: null,
  draw: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  endedAt: null,
};

const show = consoleSection(<GiveawaysSection />, {
  answers: {
    'GET /api/admin/giveaways': { body: { giveaways: [WEEKEND] } },
    'POST /api/admin/giveaways/5/end': { body: { ...WEEKEND, ended: true } },
  },
});

describe('GiveawaysSection', () => {
  it('ends a giveaway early only once the dialog is confirmed', async () => {
    const { user, writes } = show();
    await user.click(await screen.findByRole('button', { name: 'End now' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'End the giveaway "Weekend drop" now? A winner will be picked from its 1 entry.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'End now' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End now' }));
    await expect
      .poll(() => writes())
      .toEqual([{ method: 'POST', path: '/api/admin/giveaways/5/end', body: undefined }]);
  });

  it('shows a refused prize under its field', async () => {
    const { user, writes } = show();
    await user.type(await screen.findByLabelText('Title'), 'Spring');
    await user.click(screen.getByRole('button', { name: 'Create giveaway' }));
    const prize = screen.getByLabelText('Prize (R$)');
    expect(prize.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('The prize must be greater than 0.')).toHaveLength(2);
    expect(writes()).toEqual([]);
  });

  it('reads in Dutch, with the prize in Belgian format', async () => {
    changeLocale('nl');
    const { user } = show();
    const row = within((await screen.findByText('Weekend drop')).closest('tr')!);
    expect(screen.getByText('Een giveaway aanmaken')).toBeTruthy();
    expect(row.getByText('R$ 1.234,50')).toBeTruthy();
    expect(row.getByRole('button', { name: '1 deelname' })).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Nu stoppen' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'Wil je de giveaway "Weekend drop" nu beëindigen? Er wordt een winnaar gekozen uit de 1 deelname.',
    );
  });
});
