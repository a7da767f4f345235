import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  browserErrorCount,
  expectConsoleError,
  expectFailedRequest,
  expectNoBrowserErrors,
  takeBrowserErrors,
} from './support/browser-errors.ts';
import { DESKTOP, launchBrowser } from './support/stack.ts';

/*
 * The journeys' error check itself (support/browser-errors.ts), on a page of its own: what a page
 * reports is caught on every page of the journeys' browser, a declaration excuses only its own page's
 * matching errors and only for one test, and whatever is left fails the test.
 */

let browser: Browser;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/refused')
      return void res.writeHead(409, { 'content-type': 'application/json' }).end('{}');
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>probe</title><p>probe</p>');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((ok) => server.close(ok));
});

afterEach(expectNoBrowserErrors);

/** On `page`: a console error, an uncaught exception and a request answered 409, once all three are in. */
async function misbehave(page: Page, tag: string): Promise<void> {
  const before = browserErrorCount();
  await page.evaluate(async (t) => {
    console.error(`probe ${t}: said`);
    setTimeout(() => {
      throw new Error(`probe ${t}: thrown`);
    });
    await fetch('/refused');
  }, tag);
  await expect.poll(browserErrorCount).toBe(before + 3);
}

const refused = () =>
  `console on ${base}/: Failed to load resource: the server responded with a status of 409 (Conflict) (${base}/refused)`;

describe("the journeys' browser error check", () => {
  it('reports an uncaught exception, a console error and a 4xx answer, each with its page, and fails the test', async () => {
    // browser.newPage opens a context of its own: watched too.
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${base}/`);
    await misbehave(page, 'one');
    expect(takeBrowserErrors().sort()).toEqual([
      refused(),
      `console on ${base}/: probe one: said`,
      `pageerror on ${base}/: probe one: thrown`,
    ]);
    // Left unread, the same is what fails a journey's test at its end.
    await misbehave(page, 'two');
    expect(expectNoBrowserErrors).toThrow(/did not expect:\n[^]*probe two: said/);
    expect(takeBrowserErrors()).toEqual([]);
    await page.close();
  });

  it("a declaration excuses its own page's matching errors in one test, and fails when nothing matched it", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const [declared, other] = [await context.newPage(), await context.newPage()];
    for (const page of [declared, other]) await page.goto(`${base}/`);
    expectFailedRequest(declared, 409, '/refused');
    expectConsoleError(declared, /^probe \w+: said$/);
    expectConsoleError(declared, /never shown/);
    await misbehave(declared, 'three');
    await misbehave(other, 'four');
    expect(takeBrowserErrors().sort()).toEqual([
      refused(),
      `console on ${base}/: probe four: said`,
      `declared but not seen on ${base}/: /never shown/`,
      `pageerror on ${base}/: probe four: thrown`,
      `pageerror on ${base}/: probe three: thrown`,
    ]);
    // The declarations went with the check: the same errors count again.
    await misbehave(declared, 'five');
    expect(takeBrowserErrors()).toHaveLength(3);
    await context.close();
  });
});
