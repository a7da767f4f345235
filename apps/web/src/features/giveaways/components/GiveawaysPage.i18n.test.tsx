import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { giveawayOf } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { GiveawaysPage } from './GiveawaysPage';

const giveaway = (entries: number) =>
  giveawayOf({
    prize: 1234.5,
    endDate: new Date(Date.now() + 2 * 24 * 3600_000 + 3 * 3600_000).toISOString(),
    entries,
  });

describe('the giveaway in Dutch and French', () => {
  it('Dutch: the prize as R$ 1.234,50, the countdown and the entries in the language', async () => {
    changeLocale('nl');
    stubApi({ 'GET /api/giveaway': { body: giveaway(1) } });
    signIn();
    renderPage(<GiveawaysPage />, '/giveaways');
    expect(await screen.findByText('R$ 1.234,50')).toBeTruthy();
    expect(screen.getByTestId('giveaway-entries').textContent).toBe('1 ingeschreven gebruiker');
    expect(screen.getByTestId('giveaway-countdown').getAttribute('aria-label')).toMatch(
      /^Resterende tijd: 0w 2d [23]u \d+min \d+s$/,
    );
    expect(screen.getByText('dagen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Doe mee aan de winactie' })).toBeTruthy();
  });

  it('French: plural entries grouped as 1.500, the end date named in French', async () => {
    changeLocale('fr');
    stubApi({ 'GET /api/giveaway': { body: giveaway(1500) } });
    signIn();
    renderPage(<GiveawaysPage />, '/giveaways');
    expect((await screen.findByTestId('giveaway-entries')).textContent).toBe('1.500 utilisateurs inscrits');
    expect(screen.getByText('Se termine dans')).toBeTruthy();
    expect(screen.getByText('semaines')).toBeTruthy();
    const end = screen.getByText((_, el) => el?.tagName === 'TIME');
    expect(end.textContent).toMatch(
      /(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d+ \p{L}+ \d{4}/u,
    );
  });
});
