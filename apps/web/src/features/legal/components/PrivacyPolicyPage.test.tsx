import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { siteConfig } from '@/test/builders';
import { renderPage } from '@/test/render';
import { TermsPage } from './TermsPage';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';

/** The policy's entry for one kind of data: the list item that starts with its name. */
function entryFor(what: string): string {
  const item = screen.getByText(`${what}:`).closest('li');
  expect(item, what).toBeTruthy();
  return item!.textContent ?? '';
}

/** The policy says what the server stores, why, for how long, and how to use the two buttons. */
describe('PrivacyPolicyPage', () => {
  beforeEach(() => {
    stubApi({ 'GET /api/config': siteConfig() });
  });

  it('the terms and the policy name the operator, their address and an e-mail to write to', async () => {
    // The policy names them twice: who is responsible for the data, and whom to contact.
    for (const [page, path, times] of [
      [<TermsPage key="terms" />, '/terms', 1],
      [<PrivacyPolicyPage key="privacy" />, '/privacy-policy', 2],
    ] as const) {
      const { unmount } = renderPage(page, path);
      const named = await screen.findAllByText(
        'This site is run by RBX Test Operations BV, Testlaan 1, 9000 Gent, Belgium.',
        { exact: false },
      );
      expect(named).toHaveLength(times);
      const mails = screen.getAllByRole('link', { name: 'support@rbx.example' });
      expect(mails.map((a) => a.getAttribute('href'))).toEqual(
        Array(times).fill('mailto:support@rbx.example'),
      );
      expect(screen.getByRole('link', { name: /community Discord server/ }).getAttribute('href')).toBe(
        'https://chat.rbx.example/invite',
      );
      unmount();
    }
  });

  it('lists each kind of stored data with why and the retention period the server applies', () => {
    renderPage(<PrivacyPolicyPage />, '/privacy-policy');
    expect(screen.getByRole('heading', { name: /What we store, why, and for how long/ })).toBeTruthy();

    const periods: Array<[what: string, kept: RegExp]> = [
      ['Your account', /as long as your account exists/],
      [
        'Rewards history and withdrawals',
        /accounting and tax rules require, also after you delete your account/,
      ],
      ['Sessions', /until the session expires \(30 days after you sign in\) or you sign out, plus 7 days/],
      ['Sign-in address and device id', /180 days after your last sign-in/],
      [
        'Offer and survey reports (postback records)',
        /90 days, unless the report credited or reversed a reward/,
      ],
      ['Verification sentences', /one day after they were used or expired/],
      ['Staff audit log', /as long as the rewards history/],
    ];
    for (const [what, kept] of periods) {
      const entry = entryFor(what);
      expect(entry, what).toMatch(/Why: \S/);
      expect(entry, what).toMatch(kept);
    }
    expect(entryFor('Sign-in address and device id')).toMatch(/keyed hashes/);
  });

  it('says where the two buttons are and what each does', () => {
    renderPage(<PrivacyPolicyPage />, '/privacy-policy');
    const rights = screen.getByRole('heading', { name: /Your rights/ }).closest('section')!.textContent ?? '';
    expect(rights).toMatch(/buttons on your profile page/);
    expect(rights).toMatch(/Download my data gives you a file/);
    expect(rights).toMatch(/Delete my account asks you to confirm in a dialog/);
    expect(rights).toMatch(/withdrawal is in progress you cannot delete your account/);
  });

  it('says what other players see: leaderboard names and the live feed’s shortened names', () => {
    renderPage(<PrivacyPolicyPage />, '/privacy-policy');
    const shown =
      screen.getByRole('heading', { name: /What other players can see/ }).closest('section')!.textContent ??
      '';
    expect(shown).toMatch(/leaderboard shows the Roblox usernames/);
    expect(shown).toMatch(/live feed .* shortened .*“Alice…”, never a whole name/);
    expect(shown).toMatch(/no user id, and nothing of a deleted or banned account/);
  });

  it('reads in French: headings, the stored-data list with its labels, the public list and the date', () => {
    changeLocale('fr');
    renderPage(<PrivacyPolicyPage />, '/privacy-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeTruthy();
    expect(screen.getByText('Dernière mise à jour : novembre 2026')).toBeTruthy();
    expect(entryFor('Ton compte ')).toMatch(/Pourquoi : \S.*Conservé : tant que ton compte existe/);
    const shown = screen
      .getByRole('heading', { name: /Ce que les autres joueurs peuvent voir/ })
      .closest('section')!;
    expect(shown.textContent).toMatch(/fil en direct .*« Alice… »/);
    const rights = screen.getByRole('heading', { name: /Tes droits/ }).closest('section')!.textContent ?? '';
    expect(rights).toMatch(/Télécharger mes données te donne un fichier/);
  });

  it('the terms read in Dutch, with the community link inside the sentence', () => {
    changeLocale('nl');
    renderPage(<TermsPage />, '/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Gebruiksvoorwaarden' })).toBeTruthy();
    expect(screen.getByText('Laatst bijgewerkt: november 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '10. Contact' }).closest('section')!.textContent).toBe(
      '10. ContactVragen over deze voorwaarden? Open een ticket in het supportkanaal van onze Discord-communityserver.',
    );
  });
});
