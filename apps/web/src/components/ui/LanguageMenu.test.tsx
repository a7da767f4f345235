import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { m } from '@/paraglide/messages.js';
import { formatRobux } from '@/lib/format';
import { currentLocale, useLocale } from '@/lib/i18n';
import { LanguageMenu } from './LanguageMenu';

function Page() {
  useLocale(); // the app re-renders on a new language (App.tsx); this page does the same
  return (
    <>
      <LanguageMenu />
      <p>{m.app_sign_in()}</p>
      <p>{formatRobux(1234.5)}</p>
    </>
  );
}

describe('LanguageMenu', () => {
  it('switches texts, amounts and <html lang> without a reload, and keeps the choice as rbx-lang', async () => {
    render(<Page />);
    expect(screen.getByText('Sign In')).toBeTruthy();
    expect(screen.getByText('R$ 1,234.50')).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'nl');
    expect(screen.getByText('Inloggen')).toBeTruthy();
    expect(screen.getByText('R$ 1.234,50')).toBeTruthy();
    expect(document.documentElement.lang).toBe('nl');
    expect(localStorage.getItem('rbx-lang')).toBe('nl');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Taal' }), 'fr');
    expect(screen.getByText('Se connecter')).toBeTruthy();
    expect(screen.getByText('R$ 1.234,50')).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(currentLocale()).toBe('fr');
  });
});
