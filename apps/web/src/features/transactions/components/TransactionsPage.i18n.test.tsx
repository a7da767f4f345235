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
    params: {},
    description: 'Withdraw',
    date: '2026-11-23T12:00:00.000Z',
    state: 'under_review',
  },
  {
    id: 1,
    type: 'earn',
    kind: 'social',
    amount: 1.5,
    params: { platform: 'TikTok' },
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
  // Each kind with the parameters the server writes, and its description in English as the spec words it.
  const stored = [
    ['offer', { wall: 'Lootably' }, 'Lootably offer'],
    ['survey', { wall: 'CPX Research' }, 'CPX Research survey'],
    ['reversal', { reverses: 'offer', wall: 'Lootably' }, 'Lootably offer reversed'],
    ['social', { platform: 'TikTok' }, 'Followed us on TikTok'],
    ['daily', { day: 3 }, 'Daily streak day 3'],
    ['daily', { day: 7, surprise: true }, 'Daily streak day 7 surprise prize'],
    ['promo', { code: 'WELCOME' }, 'Promo code WELCOME'],
    ['referral', { friend: 'BobBuilder' }, 'Referral bonus from BobBuilder'],
    ['giveaway', { giveaway: 'Weekend drop' }, 'Giveaway won: Weekend drop'],
    ['admin', {}, 'Admin grant'],
    ['withdrawal', {}, 'Withdraw For Robux'],
    ['withdrawal_refund', {}, 'Withdrawal refunded'],
    ['social', { platform: 'Discord', joined: true }, 'Joined our Discord server'],
    ['reversal', { reverses: 'survey', wall: 'BitLabs' }, 'BitLabs survey reversed'],
    ['reversal', { reverses: 'referral' }, 'Referral bonus reversed'],
    ['admin', { reason: 'Sorry for the wait' }, 'Admin grant: Sorry for the wait'],
    // An old entry whose parameters the server could not tell: shown as stored, in every language.
    ['offer', null, 'Seeded offer credit'],
  ] as const;
  const entries = stored.map(([kind, params, description], i) => ({
    id: 100 - i,
    type: kind === 'withdrawal' || kind === 'reversal' ? 'withdraw' : 'earn',
    kind,
    amount: 1,
    params,
    // Deliberately not the English wording: the page words the parameters itself.
    description: params ? 'stored text the page must not show' : description,
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

  it('English words each kind from its parameters as the spec does', async () => {
    expect(await descriptions('en')).toEqual(stored.map(([, , d]) => d));
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
      'Lid van onze Discord-server',
      'Enquête teruggedraaid door BitLabs',
      'Verwijsbonus teruggedraaid',
      'Gift van het team: Sorry for the wait',
      'Seeded offer credit',
    ]);
  });

  it('French too', async () => {
    const fr = await descriptions('fr');
    expect(fr[0]).toBe('Offre sur Lootably');
    expect(fr[6]).toBe('Code promo WELCOME');
    expect(fr[10]).toBe('Retrait en Robux');
    expect(fr[12]).toBe('A rejoint notre serveur Discord');
    expect(fr[16]).toBe('Seeded offer credit');
  });
});
