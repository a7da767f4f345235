import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { accountOf, siteConfig } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { BalanceChip } from './BalanceChip';
import { Footer } from './Footer';
import { SidebarNav } from './SidebarNav';

function Shell() {
  return (
    <>
      <BalanceChip />
      <SidebarNav />
      <Footer />
    </>
  );
}

/** The shell (sidebar, footer, balance chip) follows the language, amounts included. */
describe('the shell in Dutch and French', () => {
  it('reads in Dutch, with the balance as 1.234,50', async () => {
    signIn();
    stubApi({
      'GET /api/user/AliceRBX': accountOf(1234.5, { earnings: 0 }),
      'GET /api/config': siteConfig(),
    });
    changeLocale('nl');
    renderPage(<Shell />);
    expect(await screen.findByText('R$ 1.234,50')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Saldo R$ 1.234,50' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(nav.textContent).toContain('Punten verdienen');
    expect(nav.textContent).toContain('Ranglijst');
    expect(nav.textContent).toContain('Verwijsprogramma');
    expect(screen.getByRole('heading', { name: 'Snelle links' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gebruiksvoorwaarden' })).toBeTruthy();
    expect(screen.getByText('© 2025 RBXRewards. Alle rechten voorbehouden.')).toBeTruthy();
  });

  it('reads in French, with the operator and a link to write to them', async () => {
    stubApi({ 'GET /api/config': siteConfig() });
    changeLocale('fr');
    renderPage(<Shell />);
    expect(await screen.findByText(/^Ce site est géré par RBX Test Operations BV, Testlaan 1/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@rbx.example' }).getAttribute('href')).toBe(
      'mailto:support@rbx.example',
    );
    expect(screen.getByRole('navigation', { name: 'Menu principal' }).textContent).toContain(
      'Gagner des points',
    );
    expect(screen.getByRole('link', { name: 'Politique de confidentialité' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reste connecté' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Serveur Discord/ }).getAttribute('href')).toBe(
      'https://chat.rbx.example/invite',
    );
  });
});
