import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcesses, type ServerProcesses } from '../apps/server/test/support/server-processes.ts';
import { testEngine } from '../apps/server/test/support/test-database.ts';
import { browser, openJourney, stack } from './support/journey.ts';
import { callApi, cpxPostback, E2E_CPX_SECRET, fromCpx } from './support/http.ts';
import { DESKTOP, signIn } from './support/stack.ts';

/**
 * The live feed in two browsers: a CPX Research postback (the real route, signed as CPX signs)
 * of R$4 (under HOLD_EXEMPT_BELOW, so paid at once) for AliceRBX shows in a visitor's feed on the
 * landing page and in Alice's balance chip while both pages' polls (the chip's balance, the feed's
 * recent list) are held back, so it came through the stream; with one server process and with two.
 * How soon it shows `npm run bench` measures (bench/live-feed.ts).
 */

const ALICE_ROBLOX_ID = 1001;
const SENTENCE = 'Alice… earned R$ 4 on CPX Research';
const POLLS = ['**/api/user/**', '**/api/live/recent'];

async function chipText(page: Page): Promise<string> {
  return (await page.getByTestId('balance-chip').first().textContent()) ?? '';
}

/**
 * How many live streams `page` has open (answered 200 and not ended), with the player's token when
 * `signedIn`. The server answers a stream once its process reads the ledger from that moment on.
 */
function openStreams(page: Page, signedIn: boolean): () => number {
  const open = new Set<Request>();
  page.on('response', (res) => {
    const request = res.request();
    if (new URL(res.url()).pathname !== '/api/live/stream' || res.status() !== 200) return;
    if (signedIn === Boolean(request.headers().authorization)) open.add(request);
  });
  const ended = (request: Request) => void open.delete(request);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return () => open.size;
}

/** Holds back every poll of `page` from now on; the returned function lets them through. */
async function holdPolls(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  for (const poll of POLLS) await page.route(poll, (route) => void held.push(route));
  return async () => {
    for (const poll of POLLS) await page.unroute(poll);
    for (const route of held) await route.continue();
  };
}

/**
 * The journey: a visitor on the landing page of `bases.visitor`, AliceRBX signed in on `bases.player`,
 * the postback sent to `bases.postback`; both browsers see the credit through their stream.
 */
async function creditSeenInBothBrowsers(
  bases: { visitor: string; player: string; postback: string },
  trans: string,
) {
  const visitor = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const player = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const streams = { visitor: openStreams(visitor, false), player: openStreams(player, true) };

  await signIn(player, bases.player, 'AliceRBX');
  await player.waitForFunction(() =>
    /^R\$ /.test(document.querySelector('[data-testid="balance-chip"]')?.textContent ?? ''),
  );
  const before = await chipText(player);
  await visitor.goto(`${bases.visitor}/`);
  await visitor.getByRole('heading', { level: 1 }).waitFor();
  // Both pages have their stream open, and each server process reads the ledger from then on.
  await expect.poll(streams.visitor, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect.poll(streams.player, { timeout: 10_000 }).toBeGreaterThan(0);
  const release = await Promise.all([visitor, player].map(holdPolls));

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
    visitor.getByTestId('live-earning').filter({ hasText: SENTENCE }).first().waitFor(),
    player.waitForFunction(
      (text) => document.querySelector('[data-testid="balance-chip"]')?.textContent === text,
      expected,
    ),
    // The player's own earn page shows the feed too.
    player.getByTestId('live-feed').getByText(SENTENCE).first().waitFor(),
  ]);

  // The visitor's feed names nobody in full.
  expect(await visitor.getByTestId('live-feed').textContent()).not.toContain('AliceRBX');
  for (const letGo of release) await letGo();
  await Promise.all([visitor.context().close(), player.context().close()]);
}

openJourney();

describe('live feed, one server process', () => {
  it("a postback credit appears in another browser's feed and in the player's balance chip", async () => {
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

  it("a postback through one process appears in the other process's browsers", async () => {
    const [a, b] = cluster.bases as [string, string];
    await creditSeenInBothBrowsers({ visitor: b, player: a, postback: b }, 'e2e-live-2');
  });
});
