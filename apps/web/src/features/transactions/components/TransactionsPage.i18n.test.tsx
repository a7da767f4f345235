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

describe('transaction descriptions', () => {
  // Each as the server words it (ledger descriptions: offers/credits, socials, streak, promo codes,
  // referrals, giveaways, admin grants, withdrawals and refunds).
  const stored = [
    ['offer', 'Lootably offer'],
    ['survey', 'CPX Research survey'],
    ['reversal', 'Lootably offer reversed'],
    ['social', 'Followed us on TikTok'],
    ['daily', 'Daily streak day 3'],
    ['daily', 'Daily streak day 7 surprise prize'],
    ['promo', 'Promo code WELCOME'],
    ['referral', 'Referral bonus from BobBuilder'],
    ['giveaway', 'Giveaway won: Weekend drop'],
    ['admin', 'Admin grant'],
    ['withdrawal', 'Withdraw For Robux'],
    ['withdrawal_refund', 'Withdrawal refunded'],
  ] as const;
  const entries = stored.map(([kind, description], i) => ({
    id: 100 - i,
    type: kind === 'withdrawal' || kind === 'reversal' ? 'withdraw' : 'earn',
    kind,
    amount: 1,
    description,
    date: '2026-11-22T12:00:00.000Z',
  }));

  async function descriptions(locale: 'en' | 'nl' | 'fr') {
    changeLocale(locale);
    stubApi({ 'GET /api/transactions?limit=25': { body: { items: entries, nextCursor: null } } });
    signIn();
    renderPage(<TransactionsPage />, '/transactions');
    const rows = await screen.findAllByTestId('transaction-row');
    return rows.map((row) => row.querySelectorAll('td')[2]!.textContent);
  }

  it('English shows them as stored', async () => {
    expect(await descriptions('en')).toEqual(stored.map(([, d]) => d));
  });

  it('Dutch and French say each kind in the language and keep the names in it', async () => {
    expect(await descriptions('nl')).toEqual([
      'Aanbieding op Lootably',
      'Enquête op CPX Research',
      'Teruggedraaid door Lootably',
      'Volgt ons op TikTok',
      'Dagelijkse reeks, dag 3',
      'Dagelijkse reeks, verrassingsprijs van dag 7',
      'Promocode WELCOME',
      'Verwijsbonus van BobBuilder',
      'Winactie gewonnen: Weekend drop',
      'Gift van het team',
      'Opname in Robux',
      'Opname terugbetaald',
    ]);
  });

  it('French too', async () => {
    const fr = await descriptions('fr');
    expect(fr[0]).toBe('Offre sur Lootably');
    expect(fr[6]).toBe('Code promo WELCOME');
    expect(fr[10]).toBe('Retrait en Robux');
  });
});
