import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { siteConfig } from '@/test/builders';
import { renderPage } from '@/test/render';
import { HelpPage } from './HelpPage';

describe('HelpPage', () => {
  it('reads in Dutch, with the community link and an e-mail for those without a chat account', async () => {
    stubApi({ 'GET /api/config': siteConfig() });
    changeLocale('nl');
    renderPage(<HelpPage />, '/help');
    expect(screen.getByRole('heading', { level: 1, name: 'Helpcentrum' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1. Word lid van onze Discord-server' })).toBeTruthy();
    const join = await screen.findByRole('link', {
      name: /Word lid van de Discord-server \(opent in een nieuw tabblad\)/,
    });
    expect(join.getAttribute('href')).toBe('https://chat.rbx.example/invite');
    expect(screen.getByRole('heading', { name: 'Geen Discord-account?' })).toBeTruthy();
    expect(screen.getByText(/^Deze site wordt beheerd door RBX Test Operations BV/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@rbx.example' }).getAttribute('href')).toBe(
      'mailto:support@rbx.example',
    );
  });
});
