import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { accountOf } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { WithdrawForm } from './WithdrawForm';
import { WithdrawalsList } from './WithdrawalsList';

const LINK = 'https://www.roblox.com/game-pass/123456/My-Pass';

function render(balance = 1234.5, pendingRobux = 0) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stubApi({
    'GET /api/user/AliceRBX': accountOf(balance),
    'GET /api/offers/pending': { body: { pendingRobux } },
    'GET /api/withdrawals': {
      body: {
        withdrawals: [
          {
            id: 7,
            robux: 1500,
            price: 2143,
            method: 'gamepass',
            gamepassId: 55,
            state: 'paid',
            createdAt: '2026-11-23T14:27:00.000Z',
          },
        ],
      },
    },
    'GET /api/payout-options': { body: { methods: ['gamepass'], minRobux: 5, maxRobux: 10_000 } },
  });
  signIn();
  renderPage(
    <>
      <WithdrawForm />
      <WithdrawalsList />
    </>,
    '/withdraw',
  );
}

describe('the withdraw page in Dutch and French', () => {
  it('Dutch: labels, the balance as 1.234,50, the list and a refused amount under its field', async () => {
    changeLocale('nl');
    render();
    expect(await screen.findByText('R$ 1.234,50')).toBeTruthy();
    expect(screen.getByText('Huidig saldo')).toBeTruthy();
    expect(await screen.findByText('R$ 1.500')).toBeTruthy();
    expect(screen.getByText('Betaald')).toBeTruthy();
    expect(screen.getByText('voor 2.143 Robux')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Gamepasslink'), LINK);
    await user.type(screen.getByLabelText('Aantal Robux'), '2000');
    expect(screen.getByTestId('gamepass-price').textContent).toBe(
      'Zet de prijs van je gamepass op 2.858 Robux. Roblox houdt 30% van elke verkoop in, dus je ontvangt 2.000 Robux. Zet regionale prijzen uit, anders kan Roblox hem ons goedkoper verkopen.',
    );
    await user.click(screen.getByRole('button', { name: /Opnemen/ }));
    expect(await screen.findByText('Onvoldoende saldo')).toBeTruthy();
    const amount = screen.getByLabelText('Aantal Robux');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const errorId = (amount.getAttribute('aria-describedby') ?? '').split(' ')[0]!;
    expect(document.getElementById(errorId)?.textContent).toBe('Je hebt maar 1.234,5 Robux beschikbaar.');
  });

  it('Dutch: states the bounds before the player types, and 3 R$ names the minimum 5', async () => {
    changeLocale('nl');
    render();
    const amount = await screen.findByLabelText('Aantal Robux');
    const hintId = () => (amount.getAttribute('aria-describedby') ?? '').split(' ').at(-1)!;
    await vi.waitFor(() =>
      expect(document.getElementById(hintId())?.textContent).toBe(
        'Van R$ 5 tot R$ 10.000 per opname, in hele Robux.',
      ),
    );
    expect((await screen.findByTestId('withdrawable')).textContent).toBe(
      'Je kunt nu R$ 1.234 opnemen. De overige R$ 0,50 blijft in je saldo: je neemt op in hele Robux.',
    );

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Gamepasslink'), LINK);
    await user.type(amount, '3');
    const bounds = 'Vul een heel aantal Robux in van R$ 5 tot R$ 10.000.';
    // No price for an amount that cannot be withdrawn: the minimum instead.
    expect(screen.getByTestId('gamepass-price').textContent).toBe(bounds);
    await user.click(screen.getByRole('button', { name: /Opnemen/ }));
    const errorId = (amount.getAttribute('aria-describedby') ?? '').split(' ')[0]!;
    await vi.waitFor(() => expect(document.getElementById(errorId)?.textContent).toBe(bounds));
  });

  it('French: below the minimum, says how much is missing and what is still on hold', async () => {
    changeLocale('fr');
    render(3.5, 4);
    await vi.waitFor(() =>
      expect(screen.getByTestId('withdrawable').textContent).toBe(
        "Tu peux retirer à partir de R$ 5 : gagne encore R$ 1,50. R$ 4 d'offres récentes est encore bloqué : il rejoint ton solde à la fin du délai du fournisseur.",
      ),
    );
    expect(screen.getByText('R$ 3,50')).toBeTruthy();
  });

  it('French: the form and its button', async () => {
    changeLocale('fr');
    render();
    expect(await screen.findByText('R$ 1.234,50')).toBeTruthy();
    expect(screen.getByText('Solde actuel')).toBeTruthy();
    expect(screen.getByLabelText('Lien du gamepass')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retirer/ })).toBeTruthy();
    expect(await screen.findByText('Payé')).toBeTruthy();
  });
});
