import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cpxPostback, fromCpx } from './support/http.ts';
import { signInPlayer } from '../apps/server/test/support/players.ts';
import { adminCookie, asAdmin, browser, openJourney, stack } from './support/journey.ts';
import { signInContext } from './support/signed-in-context.ts';
import { DESKTOP, shootBothWidths, signIn } from './support/stack.ts';

// No offer hold: a race's prizes are decided at its end (at the next race round, every 30 s).
openJourney({ admin: true, env: { OFFER_HOLD_HOURS: '0' } });

const HOUR = 3_600_000;
let transSeq = 0;

/** Earns `robux` for `username` (signed in once) through a signed CPX postback. */
async function earn(username: string, robux: number): Promise<void> {
  let login = await stack.api('POST', '/api/login', { username });
  if (login.status === 404) {
    // A name Roblox (the stand-in) does not know yet.
    await stack.control('POST', '/users', { name: username });
    login = await stack.api('POST', '/api/login', { username });
  }
  expect(login.status).toBe(200);
  const path = cpxPostback(`race-e2e-${++transSeq}`, login.body.user.robloxId, robux);
  expect((await stack.api('GET', path, undefined, fromCpx)).status).toBe(200);
}

async function createRace(body: Record<string, unknown>): Promise<number> {
  const res = await asAdmin('POST', '/api/admin/races', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** What each language shows on the race tab. */
const WORDS = {
  en: { tab: 'Race', endsIn: 'Ends in', rank: '#12', tier: '#3 to #10', previous: 'Last winners: Sprint' },
  nl: {
    tab: 'Race',
    endsIn: 'Eindigt over',
    rank: '#12',
    tier: '#3 tot #10',
    previous: 'Vorige winnaars: Sprint',
  },
  fr: {
    tab: 'Course',
    endsIn: 'Se termine dans',
    rank: 'n° 12',
    tier: 'n° 3 à 10',
    previous: 'Derniers gagnants : Sprint',
  },
} as const;

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootBothWidths(page, 'races', name);
}

describe('the leaderboard race tab', () => {
  /** A finished race with two winners, and a running weekly race with twelve players. */
  async function setUp(): Promise<void> {
    // A short race that ended: its winners are the "last winners".
    const sprint = await createRace({
      name: 'Sprint',
      startAt: new Date().toISOString(),
      endAt: new Date(Date.now() + HOUR).toISOString(),
      prizes: [
        { from: 1, to: 1, prize: 100 },
        { from: 2, to: 2, prize: 50 },
      ],
    });
    await earn('SprintCheat', 40);
    await earn('SprintAce', 20);
    await earn('SprintDuo', 10);
    // The top earner is banned before the prizes are decided: passed over, with the reason.
    const cheat = (await asAdmin('GET', '/api/all-users?search=SprintCheat')).body.users[0];
    expect((await asAdmin('PUT', `/api/toggle-ban/${cheat._id}`, { status: 'banned' })).status).toBe(200);
    expect((await asAdmin('POST', `/api/admin/races/${sprint}/end`)).status).toBe(200);
    await expect
      .poll(async () => (await stack.api('GET', '/api/races/current')).body.previous?.winners?.length ?? 0, {
        timeout: 90_000,
        interval: 1000,
      })
      .toBe(2);

    await createRace({
      name: 'Weekly race',
      startAt: new Date().toISOString(),
      repeat: 'weekly',
      prizes: [
        { from: 1, to: 1, prize: 500 },
        { from: 2, to: 2, prize: 250 },
        { from: 3, to: 10, prize: 25 },
      ],
    });
    for (let i = 1; i <= 11; i++) await earn(`Racer${String(i).padStart(2, '0')}`, 5 + i * 3);
    await earn('RaceViewer', 2);
  }

  it('shows the countdown, the player own place outside the top, the prizes and the last winners, in en, nl and fr', async () => {
    await setUp();
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, stack.baseUrl, 'RaceViewer');
    for (const locale of ['en', 'nl', 'fr'] as const) {
      const words = WORDS[locale];
      if (locale !== 'en') {
        await page.locator('header select').first().selectOption(locale);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
      }
      await page.goto(`${stack.baseUrl}/leaderboard?tab=race`);
      await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe(words.tab);
      await expect.poll(() => page.getByText(words.endsIn, { exact: true }).isVisible()).toBe(true);
      const timer = page.getByTestId('race-countdown');
      const first = await timer.textContent();
      await expect.poll(() => timer.textContent()).not.toBe(first);
      await expect.poll(() => page.getByTestId('race-my-place').textContent()).toContain(words.rank);
      expect(await page.getByTestId('race-prizes').textContent()).toContain(words.tier);
      expect(await page.getByRole('table').getByRole('row').count()).toBe(11);
      const previous = page.getByTestId('race-previous');
      expect(await previous.textContent()).toContain(words.previous);
      expect(await previous.textContent()).toContain('SprintAce');
      await shoot(page, locale);
    }
    // A credit reaches the open tab through its stream: no reload, and no request for the standings.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/races/current')) asked.push(r.url());
    });
    await earn('RaceViewer', 200);
    await expect
      .poll(() => page.getByRole('table').getByRole('row').nth(1).textContent())
      .toContain('RaceViewer');
    expect(asked).toEqual([]);
    await page.close();
  }, 180_000);

  it('the console creates a race, lists them, and shows who won and who was passed over, and why', async () => {
    const viewer = await signInPlayer(stack, 'RaceViewer');
    const context = await signInContext(
      await browser.newContext({ viewport: DESKTOP }),
      stack.baseUrl,
      viewer,
      adminCookie,
    );
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/admin?section=races`);
    await page.getByRole('heading', { level: 2, name: 'Races', exact: true }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Daily dash');
    await page.getByLabel('Repeats').selectOption('daily');
    const start = new Date(Date.now() + 3600_000);
    const local = new Date(start.getTime() - start.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Starts').fill(local);
    await page.getByRole('button', { name: 'Create race' }).click();
    const created = page.locator('tr', { hasText: 'Daily dash' });
    await expect.poll(() => created.count()).toBe(1);
    expect(await created.textContent()).toContain('Scheduled');
    expect(await created.textContent()).toContain('Every day');

    const sprint = page.locator('tr', { hasText: 'Sprint' }).first();
    await sprint.getByRole('button', { name: 'Standings' }).click();
    const results = page.locator('[data-testid^="race-standings-"]');
    await expect.poll(() => results.textContent()).toContain('Passed over: banned');
    const text = (await results.textContent()) ?? '';
    expect(text).toContain('SprintCheat');
    expect(text).toContain('Paid, rank 1');
    expect(text).toContain('Paid, rank 2');
    await shoot(page, 'console');

    const audit = await asAdmin('GET', '/api/admin/audit');
    expect(JSON.stringify(audit.body)).toContain('race.create');
    await context.close();
  });
});
