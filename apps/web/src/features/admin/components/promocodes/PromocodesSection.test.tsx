import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPromoCode } from '@rewards/contracts';
import { changeLocale } from '@/lib/i18n';
import { consoleSection } from '@/test/console';
import { PromocodesSection } from './PromocodesSection';

const SPRING: AdminPromoCode = {
  id: 7,
  code: 'SPRING',
  amount: 1234.5,
  maxUses: 2000,
  uses: 1500,
  expiresAt: null,
  active: true,
  createdAt: '2026-03-01T10:00:00.000Z',
};

const show = consoleSection(<PromocodesSection />, {
  answers: {
    'GET /api/admin/promocodes': { body: { promoCodes: [SPRING] } },
    'PATCH /api/admin/promocodes/7': (body) => ({
      body: { ...SPRING, active: (body as { active: boolean }).active },
    }),
  },
});

describe('PromocodesSection', () => {
  it('deactivates a code only once the dialog is confirmed; Cancel leaves it active', async () => {
    const { user, writes } = show();
    await user.click(await screen.findByRole('button', { name: 'Deactivate SPRING' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Deactivate promo code SPRING? Players can no longer redeem it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deactivate SPRING' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await expect
      .poll(() => writes())
      .toEqual([{ method: 'PATCH', path: '/api/admin/promocodes/7', body: { active: false } }]);
  });

  it('shows a refused value under its field as well as in the error box', async () => {
    const { user, writes } = show();
    await user.type(await screen.findByLabelText('Code'), 'summer');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    const amount = screen.getByLabelText('Amount (R$)');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const described = amount.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'The amount must be greater than 0.',
    );
    expect(screen.getByRole('alert').textContent).toBe('The amount must be greater than 0.');
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBeNull();
    expect(writes()).toEqual([]);
  });

  it('reads in Dutch, amounts and counts in Belgian format, the dialog included', async () => {
    changeLocale('nl');
    const { user, writes } = show();
    const row = (await screen.findByText('SPRING', { selector: 'td' })).closest('tr')!;
    expect(screen.getByText('Een promocode aanmaken')).toBeTruthy();
    expect(screen.getByText('Alle promocodes')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Gebruik' })).toBeTruthy();
    expect(within(row).getByText('R$ 1.234,50')).toBeTruthy();
    expect(within(row).getByText('1.500 / 2.000')).toBeTruthy();
    expect(within(row).getByText('Nooit')).toBeTruthy();
    expect(within(row).getByText('Actief')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'SPRING deactiveren' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Wil je promocode SPRING deactiveren? Spelers kunnen hem niet meer inwisselen.',
    );
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deactiveren' }));
    await expect.poll(() => writes().map((r) => r.body)).toEqual([{ active: false }]);
  });
});
