import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { renderPage } from '@/test/render';
import { LandingPage } from './LandingPage';

/** The landing page in French, its figures with a decimal comma; English as the spec words it. */
describe('LandingPage', () => {
  it('reads as the spec words it in English', () => {
    renderPage(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Earn free Robux.Get paid instantly.');
    expect(screen.getByText('$1.5M+')).toBeTruthy();
    expect(screen.getByText('4.9/5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Earning Now' })).toBeTruthy();
  });

  it('reads in French', () => {
    changeLocale('fr');
    renderPage(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Gagne des Robux gratuits.Sois payé instantanément.',
    );
    expect(screen.getByText('$1,5M+')).toBeTruthy();
    expect(screen.getByText('4,9/5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comment ça marche' })).toBeTruthy();
    expect(screen.getByText('Étape 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Commence à gagner' })).toBeTruthy();
  });
});
