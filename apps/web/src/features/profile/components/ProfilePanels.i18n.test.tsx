import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { profileOf } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { DeleteAccountPanel } from './DeleteAccountPanel';
import { ProfileStats } from './ProfileStats';
import { VerifyPanel } from './VerifyPanel';

const profile = profileOf({
  robux: 1234.5,
  earnings: 2000,
  offersCompleted: 1500,
  referralsMade: 3,
  referralsEarned: 0.5,
  joinedAt: '2026-03-15T12:00:00.000Z',
});

describe('the profile in Dutch and French', () => {
  it('Dutch: stat cards with 1.234,50-style amounts, and the verification read in Dutch', async () => {
    changeLocale('nl');
    // The server answers in English; the page says it in Dutch.
    stubApi({ 'POST /api/verify-bio': { body: { success: true, message: 'Verified successfully!' } } });
    signIn();
    renderPage(
      <>
        <ProfileStats profile={profile} />
        <VerifyPanel profile={profile} username="AliceRBX" />
      </>,
      '/profile',
    );
    expect(screen.getByTestId('stat-Balance').textContent).toBe('R$ 1.234,50');
    expect(screen.getByTestId('stat-Earned R$').textContent).toBe('R$ 2.000,00');
    expect(screen.getByTestId('stat-Offers Completed').textContent).toBe('1.500');
    expect(screen.getByTestId('stat-Joined At').textContent).toBe('15 mrt 2026');
    expect(screen.getByText('Saldo')).toBeTruthy();
    expect(screen.getByText('Lid sinds')).toBeTruthy();
    expect(screen.getByText('Niet geverifieerd')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verifiëren' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('verify-message').textContent).toBe('Verificatie gelukt!'),
    );
  });

  it('French: the delete dialog states the forfeited amount and asks for DELETE', async () => {
    changeLocale('fr');
    stubApi({ 'GET /api/account/delete': { body: { balance: 1234.5, proofRequired: false } } });
    signIn();
    renderPage(<DeleteAccountPanel />, '/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer mon compte' });
    expect(within(dialog).getByTestId('deletion-forfeit').textContent).toBe(
      "Tu perdras R$ 1.234,50. C'est irréversible.",
    );
    expect(within(dialog).getByLabelText('Tape DELETE pour confirmer')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeTruthy();
  });
});
