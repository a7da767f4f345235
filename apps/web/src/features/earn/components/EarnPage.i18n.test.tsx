import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { stubApi } from '@/test/api-stub';
import { renderPage, signIn } from '@/test/render';
import { EarnPage } from './EarnPage';

const wall = (slug: string, name: string, iframeSrc: string) => ({ slug, name, logoUrl: '', iframeSrc });

function render() {
  stubApi({
    // A player past the first steps: the guide is not shown, the sections follow its answer.
    'GET /api/first-steps': { body: { done: true, steps: [] } },
    'GET /api/walls': {
      body: {
        offerwalls: [wall('lootably', 'Lootably', 'https://wall.example/frame')],
        surveys: [wall('cpx', 'CPX', '')],
      },
    },
    'GET /api/socials': {
      body: {
        socials: [
          {
            id: 'tiktok',
            name: 'TikTok',
            reward: 1.5,
            url: 'https://tiktok.example',
            color: '#000',
            claimed: false,
          },
          { id: 'x', name: 'X', reward: 1.5, url: 'https://x.example', color: '#000', claimed: true },
        ],
      },
    },
  });
  signIn();
  renderPage(<EarnPage />, '/earn');
}

describe('the earn page in Dutch and French', () => {
  it('Dutch: the welcome, the sections, the cards and a reward as +R$ 1,50', async () => {
    changeLocale('nl');
    render();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welkom terug, AliceRBX');
    expect(await screen.findByRole('heading', { name: 'ENQUÊTES' })).toBeTruthy();
    expect(await screen.findByText('Binnenkort')).toBeTruthy();
    expect(screen.getByText('Openen')).toBeTruthy();
    expect(await screen.findByText('+R$ 1,50')).toBeTruthy();
    expect(screen.getByText('Ontvangen')).toBeTruthy();
  });

  it('French: the section titles and hints', async () => {
    changeLocale('fr');
    render();
    expect(await screen.findByRole('heading', { name: "MURS D'OFFRES" })).toBeTruthy();
    expect(screen.getByText('Donne ton avis dans des sondages rémunérés.')).toBeTruthy();
    expect(await screen.findByText('Bientôt')).toBeTruthy();
    expect(await screen.findByText('Reçu')).toBeTruthy();
  });
});
