import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { renderPage } from '@/test/render';
import { VideosPage } from './VideosPage';

describe('VideosPage', () => {
  it('reads in French', () => {
    changeLocale('fr');
    renderPage(<VideosPage />, '/videos');
    expect(screen.getByRole('heading', { name: 'Bientôt disponible' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toBeTruthy();
  });
});
