import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcesses, type ServerProcesses } from '../apps/server/test/support/server-processes.ts';
import { testEngine } from '../apps/server/test/support/test-database.ts';
import { browser, openJourney, stack } from './support/journey.ts';
import { callApi, cpxPostback, E2E_CPX_SECRET, fromCpx } from './support/http.ts';
import { DESKTOP, signIn, watchErrors } from './support/stack.ts';

/**
 * The live feed in two browsers: a CPX Research postback (the real route, signed as CPX signs)
 * of R$4 (under HOLD_EXEMPT_BELOW, so paid at once) for AliceRBX shows in a visitor's feed on the
 * landing page and in Alice's balance chip within 2 s, well inside the chip's 15 s poll, so it came
 * through the stream; with one server process and with two.
 */

const ALICE_ROBLOX_ID = 1001;
const WITHIN_MS = 2000;
const SENTENCE = 'Alice… earned R$4 on CPX Research';

async function chipText(page: Page): Promise<string> {
  return (await page.getByTestId('balance-chip').first().textContent()) ?? '';
}

/**
 * The journey: a visitor on the landing page of `bases.visitor`, AliceRBX signed in on `bases.player`,
 * the postback sent to `bases.postback`; both browsers see the credit within 2 s.
 */
async function creditSeenInBothBrowsers(
  bases: { visitor: string; player: string; postback: string },
  trans: string,
) {
  const visitor = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const player = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  // Both pages' lists, read at the end: a copy taken now would miss every error that comes later.
  const visitorErrors = watchErrors(visitor);
  const playerErrors = watchErrors(player);

  await signIn(player, bases.player, 'AliceRBX');
  await player.waitForFunction(() =>
    /^R\$ /.test(document.querySelector('[data-testid="balance-chip"]')?.textContent ?? ''),
  );
  const before = await chipText(player);
  await visitor.goto(`${bases.visitor}/`);
  await visitor.getByRole('heading', { level: 1 }).waitFor();
  // Both pages have opened their stream (and the server's poll of the ledger has started).
  await Promise.all([player, visitor].map((p) => p.waitForTimeout(1500)));

  const started = Date.now();
  const res = await callApi(
    bases.postback,
    'GET',
    cpxPostback(trans, ALICE_ROBLOX_ID, 4),
    undefined,
    fromCpx,
  );
  expect([res.status, String(res.body)]).toEqual([200, '1']);
  const expected = `R$ ${(Number(before.replace(/[^\d.]/g, '')) + 4).toFixed(2)}`;
  await Promise.all([
    visitor.getByTestId('live-earning').filter({ hasText: SENTENCE }).first().waitFor({ timeout: WITHIN_MS }),
    player.waitForFunction(
      (text) => document.querySelector('[data-testid="balance-chip"]')?.textContent === text,
      expected,
      { timeout: WITHIN_MS },
    ),
  ]);
  const elapsed = Date.now() - started;
  console.log(`live feed: credit shown in the other browser and in the chip after ${elapsed} ms`);
  expect(elapsed).toBeLessThan(WITHIN_MS);

  // The player's own earn page shows the feed too; the visitor's names nobody in full.
  await player.getByTestId('live-feed').getByText(SENTENCE).first().waitFor();
  expect(await visitor.getByTestId('live-feed').textContent()).not.toContain('AliceRBX');
  expect([...visitorErrors, ...playerErrors]).toEqual([]);
  await Promise.all([visitor.context().close(), player.context().close()]);
}

openJourney();

describe('live feed, one server process', () => {
  it("a postback credit appears in another browser's feed and in the player's balance chip within 2 s", async () => {
    const base = stack.baseUrl;
    await creditSeenInBothBrowsers({ visitor: base, player: base, postback: base }, 'e2e-live-1');
  });
});

/**
 * Two production server processes on one database, as `npm run start:cluster` runs them (PostgreSQL
 * with TEST_ENGINE=postgres, else one SQLite file): the visitor and the postback on process B, the
 * player on process A.
 */
describe(`live feed, two server processes (${testEngine})`, () => {
  let cluster: ServerProcesses;

  beforeAll(async () => {
    // With the built web app (the default WEB_DIST) and the journeys' CPX secret.
    cluster = await startServerProcesses(2, { CPX_SECURE_HASH: E2E_CPX_SECRET });
  }, 120_000);

  afterAll(() => cluster?.close(), 60_000);

  it("a postback through one process appears in the other process's browsers within 2 s", async () => {
    const [a, b] = cluster.bases as [string, string];
    await creditSeenInBothBrowsers({ visitor: b, player: a, postback: b }, 'e2e-live-2');
  });
});
