import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { renderPage, signIn } from '@/test/render';
import { CpxPage } from './CpxPage';

describe('CpxPage', () => {
  it('reads in Dutch; without a frame it says surveys come soon', async () => {
    signIn();
    stubApi({ 'GET /api/cpx/frame': { body: { src: null } } });
    changeLocale('nl');
    renderPage(<CpxPage />, '/cpx');
    expect(screen.getByRole('heading', { level: 1, name: 'Enquêtes' })).toBeTruthy();
    expect(await screen.findByText('Enquêtes zijn hier binnenkort beschikbaar.')).toBeTruthy();
  });
});
