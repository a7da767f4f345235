import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { renderPage, signIn } from '@/test/render';
import { TransactionsPage } from './TransactionsPage';

const items = [
  {
    id: 2,
    type: 'withdraw',
    kind: 'withdrawal',
    amount: 1234.5,
    description: 'Withdraw',
    date: '2026-11-23T12:00:00.000Z',
    state: 'under_review',
  },
  {
    id: 1,
    type: 'earn',
    kind: 'social',
    amount: 1.5,
    description: 'TikTok',
    date: '2026-11-22T12:00:00.000Z',
  },
];

describe('transactions in Dutch and French', () => {
  it.each([
    ['nl', 'Opgenomen', 'wordt nagekeken', 'Verdiend', /nov/],
    ['fr', 'Retiré', 'en vérification', 'Gagné', /nov\./],
  ] as const)(
    '%s: types, states, amounts as R$ 1.234,50 and dates in the language',
    async (locale, out, state, earned, month) => {
      changeLocale(locale);
      stubApi({ 'GET /api/transactions?limit=25': { body: { items, nextCursor: null } } });
      signIn();
      renderPage(<TransactionsPage />, '/transactions');
      const rows = await screen.findAllByTestId('transaction-row');
      expect(rows[0]!.textContent).toContain(out);
      expect(rows[0]!.textContent).toContain('R$ 1.234,50');
      expect(screen.getByTestId('transaction-state').textContent).toBe(state);
      expect(rows[1]!.textContent).toContain(earned);
      expect(rows[1]!.textContent).toContain('R$ 1,50');
      expect(rows[0]!.querySelector('time')?.textContent).toMatch(month);
    },
  );
});
