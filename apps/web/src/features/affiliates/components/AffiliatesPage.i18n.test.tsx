import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { renderPage, signIn } from '@/test/render';
import { AffiliatesPage } from './AffiliatesPage';

describe('the referral page in Dutch and French', () => {
  it.each([
    ['nl', 'Verwijs en verdien', 'Verdiend met verwijzingen (R$)', 'Kopiëren'],
    ['fr', 'Parraine et gagne', 'Gagné grâce aux filleuls (R$)', 'Copier'],
  ] as const)('%s: texts, and the amount earned as R$ 1.234,50', async (locale, title, earned, copy) => {
    changeLocale(locale);
    stubApi({
      'GET /api/referrals': {
        body: {
          link: 'https://rbx.example/login?ref=AliceRBX',
          referralsMade: 1200,
          referralsEarned: 1234.5,
        },
      },
    });
    signIn();
    renderPage(<AffiliatesPage />, '/affiliates');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByText(earned)).toBeTruthy();
    expect(await screen.findByText('R$ 1.234,50')).toBeTruthy();
    expect(screen.getByText('1.200')).toBeTruthy();
    expect(screen.getByRole('button', { name: copy })).toBeTruthy();
  });
});
