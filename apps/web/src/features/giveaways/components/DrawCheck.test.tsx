import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GiveawayResponse } from '@rewards/contracts';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { giveawayOf } from '@/test/builders';
import { renderPage } from '@/test/render';
import { GiveawaysPage } from './GiveawaysPage';

// The test vector of docs/draws.md.
const SECRET = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const COMMITMENT = '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b';
const DRAW = {
  secret: SECRET,
  entries: ['Alice…', 'BobBu…', 'Carol…', 'Dave…'],
  hash: '338ddd1038453f0a9cea694f45f2c2d44884d9cba8e1ec92fe4ef03c48611855',
  winnerIndex: 2,
};

/** The giveaway of the test vector, ended and drawn. */
const giveaway = (changes: Partial<GiveawayResponse>) =>
  giveawayOf({
    id: 42,
    endDate: new Date(Date.now() - 60_000).toISOString(),
    entries: 4,
    winner: 'CarolPlays',
    ended: true,
    commitment: COMMITMENT,
    draw: DRAW,
    ...changes,
  });

async function check(body: object, button = 'Check this draw') {
  stubApi({ 'GET /api/giveaway': { body } });
  renderPage(<GiveawaysPage />, '/giveaways');
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByTestId('draw-check-result');
}

describe('checking a giveaway draw in the browser', () => {
  it('while open: the commitment shows, no secret and no check', async () => {
    changeLocale('en');
    stubApi({
      'GET /api/giveaway': {
        body: giveaway({
          ended: false,
          winner: null,
          draw: null,
          endDate: new Date(Date.now() + 3600_000).toISOString(),
        }),
      },
    });
    renderPage(<GiveawaysPage />, '/giveaways');
    expect((await screen.findByTestId('giveaway-commitment')).textContent).toBe('6c86c6aac5fb24bc…');
    expect(screen.queryByRole('button', { name: 'Check this draw' })).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('passes on the published data and names the winner', async () => {
    changeLocale('en');
    const result = await check(giveaway({}));
    expect(result.getAttribute('data-result')).toBe('pass');
    expect(result.textContent).toBe('Pass: the draw picks Carol…, and the secret matches the commitment');
  });

  it('fails when one published entry is changed', async () => {
    changeLocale('en');
    const result = await check(
      giveaway({ draw: { ...DRAW, entries: ['Alice…', 'BobBu…', 'Carol…', 'Mallo…'] } }),
    );
    expect(result.getAttribute('data-result')).toBe('fail');
    expect(result.textContent).toBe("Fail: the published entries don't give the published winner.");
  });

  it('fails, in French, when the secret does not match the commitment', async () => {
    changeLocale('fr');
    const result = await check(
      giveaway({ commitment: COMMITMENT.replace(/^6c/, '00') }),
      'Vérifier ce tirage',
    );
    expect(result.getAttribute('data-result')).toBe('fail');
    expect(result.textContent).toBe(
      'Échec : le secret ne correspond pas à l’engagement publié avant le tirage.',
    );
  });
});
