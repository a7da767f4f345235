import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { renderPage } from '@/test/render';
import { HelpPage } from './HelpPage';

describe('HelpPage', () => {
  it('reads in Dutch', () => {
    changeLocale('nl');
    renderPage(<HelpPage />, '/help');
    expect(screen.getByRole('heading', { level: 1, name: 'Helpcentrum' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1. Word lid van onze Discord-server' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /Word lid van de Discord-server \(opent in een nieuw tabblad\)/ }),
    ).toBeTruthy();
  });
});
