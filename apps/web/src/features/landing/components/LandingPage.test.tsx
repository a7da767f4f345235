import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LandingResponse } from '@rewards/contracts';
import { changeLocale } from '@/lib/i18n';
import { forgetPublicResources } from '@/lib/public-resource';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { LandingPage } from './LandingPage';

/** A fresh install's answer: no figures yet, the default settings, no rating. */
const fresh = (changes: Partial<LandingResponse> = {}): { body: LandingResponse } => ({
  body: {
    figures: null,
    offer: { firstDailyReward: 50, dailyNeedsOffer: false, minWithdrawal: 5, referralPercent: 10 },
    firstWithdrawalReviewed: true,
    payoutMethods: ['gamepass'],
    rating: null,
    ...changes,
  },
});

const measured = fresh({ figures: { robuxPaidOut: 12_345, rewardsCredited: 2_048, playersPaid: 317 } });

/** The visible text of the page, once the cards have their answer. */
async function pageText(answer: { body: LandingResponse }): Promise<string> {
  stubApi({ 'GET /api/landing': answer });
  renderPage(<LandingPage />);
  await screen.findAllByText(/R\$ 5\b/);
  return document.body.textContent ?? '';
}

/** As a reload: the page unmounted and its figures read again. */
function newPageLoad() {
  cleanup();
  forgetPublicResources();
}

describe('LandingPage', () => {
  it('makes no claim the site has not measured, in any language', async () => {
    for (const locale of ['en', 'nl', 'fr'] as const) {
      changeLocale(locale);
      const text = await pageText(fresh());
      for (const invented of ['1.5M', '1,5M', '500K', '4.9', '4,9', 'nstant', 'meteen', 'immédiat', 'direct'])
        expect(text, `${locale}: ${invented}`).not.toContain(invented);
      newPageLoad();
    }
  });

  it('below the threshold, says what a new player gets by the site’s own settings', async () => {
    await pageText(fresh());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Earn free Robux.Cash out on Roblox.');
    expect(screen.getByRole('region', { name: 'What you get' })).toBeTruthy();
    expect(screen.getByText('R$ 50')).toBeTruthy();
    expect(screen.getByText('On your first day: the daily reward')).toBeTruthy();
    expect(screen.getByText('10%')).toBeTruthy();
    expect(
      screen.getByText(
        /Cash out from R\$ 5 to your own Roblox account\. An admin checks your first withdrawal/,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Rated/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Start Earning Now' })).toBeTruthy();
  });

  it('says the daily reward needs an offer first when the site says so, and no review or pending days it does not have', async () => {
    await pageText(
      fresh({
        offer: { firstDailyReward: 50, dailyNeedsOffer: true, minWithdrawal: 5, referralPercent: 10 },
        firstWithdrawalReviewed: false,
        payoutMethods: ['group'],
      }),
    );
    expect(screen.getByText('Daily reward, once you complete your first offer')).toBeTruthy();
    expect(screen.queryByText(/An admin checks/)).toBeNull();
    expect(screen.queryByText(/pending/)).toBeNull();
  });

  it('above the threshold, shows the measured figures and a configured rating with its source', async () => {
    stubApi({
      'GET /api/landing': fresh({
        ...measured.body,
        rating: { value: 4.3, source: 'https://www.reviews.test/rbxrewards' },
      }),
    });
    renderPage(<LandingPage />);
    expect(await screen.findByText('R$ 12,345')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What this site has paid' })).toBeTruthy();
    expect(screen.getByText('2,048')).toBeTruthy();
    expect(screen.getByText('317')).toBeTruthy();
    expect(screen.getByText('Players paid')).toBeTruthy();
    const rating = screen.getByRole('link', { name: 'Rated 4.3/5 on reviews.test' });
    expect(rating.getAttribute('href')).toBe('https://www.reviews.test/rbxrewards');
  });

  it('without an answer, shows no cards and promises nothing that depends on the settings', async () => {
    stubApi({ 'GET /api/landing': { status: 503, body: { code: 'OVERLOADED', error: 'Busy' } } });
    renderPage(<LandingPage />);
    expect(await screen.findByText('Cash out to your own Roblox account.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'What you get' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/R\$ \d/);
  });

  it('formats the figures in French and Dutch', async () => {
    changeLocale('fr');
    stubApi({ 'GET /api/landing': measured });
    renderPage(<LandingPage />);
    expect(await screen.findByText('R$ 12.345')).toBeTruthy();
    expect(screen.getByText('2.048')).toBeTruthy();
    expect(screen.getByText('Joueurs payés')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comment ça marche' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Commence à gagner' })).toBeTruthy();
    newPageLoad();
    changeLocale('nl');
    stubApi({ 'GET /api/landing': fresh() });
    renderPage(<LandingPage />);
    expect(await screen.findByText('Op je eerste dag: de dagelijkse beloning')).toBeTruthy();
    expect(screen.getByText('10%')).toBeTruthy();
  });
});
