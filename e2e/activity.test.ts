import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectConsoleError, expectFailedRequest } from './support/browser-errors.ts';
import { browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, MOBILE, SHOTS_DIR, signIn } from './support/stack.ts';

openJourney();

const VIEWPORTS = [
  ['390', MOBILE],
  ['1280', DESKTOP],
] as const;

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('auth-token'));
  if (!token) throw new Error('no session token stored');
  return token;
}

async function claimSocial(token: string, id: string) {
  const res = await stack.api('POST', `/api/socials/${id}/claim`, undefined, {
    authorization: `Bearer ${token}`,
  });
  expect(res.status).toBe(200);
  return res.body as { success: true; amount: number; robux: number };
}

/** Signs in at the given width and returns the page and the player's token. */
async function player(name: string, viewport: { width: number; height: number } = DESKTOP) {
  const page = await browser.newPage({ viewport });
  await signIn(page, stack.baseUrl, name);
  return { page, token: await tokenOf(page) };
}

describe('leaderboard and transaction history', () => {
  it('a fresh player sees the empty states', async () => {
    for (const [label, viewport] of VIEWPORTS) {
      const { page } = await player('CarolPlays', viewport);
      await page.goto(`${stack.baseUrl}/transactions`);
      await expect.poll(() => page.getByText('No transactions yet.').isVisible()).toBe(true);
      await page.screenshot({ path: join(SHOTS_DIR, `transactions-empty-${label}.png`), fullPage: true });

      await page.goto(`${stack.baseUrl}/leaderboard`);
      await expect.poll(() => page.getByText('No leaderboard data available.').isVisible()).toBe(true);
      await page.screenshot({ path: join(SHOTS_DIR, `leaderboard-empty-${label}.png`), fullPage: true });
      await page.close();
    }
  });

  it('a failed leaderboard fetch shows the empty list', async () => {
    const { page } = await player('CarolPlays');
    await page.route('**/api/leaderboard', (route) => route.fulfill({ status: 500, body: 'boom' }));
    // The page says so in the console too.
    expectFailedRequest(page, 500, '/api/leaderboard');
    expectConsoleError(page, /^Leaderboard fetch failed: ApiError: /);
    await page.goto(`${stack.baseUrl}/leaderboard`);
    await expect.poll(() => page.getByText('No leaderboard data available.').isVisible()).toBe(true);
    await page.close();
  });

  it('after earning, the Transactions page lists the credits and the leaderboard shows the player first with the trophy', async () => {
    const alice = await player('AliceRBX');
    await claimSocial(alice.token, 'youtube');
    const last = await claimSocial(alice.token, 'tiktok');
    expect(last).toEqual({ success: true, amount: 1.5, robux: 3 });
    const bob = await player('BobBuilder');
    await claimSocial(bob.token, 'discord');
    await bob.page.close();

    // Transactions: newest first, with type, amount, description and a localized date.
    await alice.page.goto(`${stack.baseUrl}/transactions`);
    const rows = alice.page.getByTestId('transaction-row');
    await expect.poll(() => rows.count()).toBe(2);
    const first = rows.nth(0);
    await expect.poll(() => first.textContent()).toContain('Followed us on TikTok');
    const text = (await first.textContent()) ?? '';
    expect(text).toContain('Earned');
    expect(text).toContain('R$ 1.50');
    expect(text).not.toContain('Withdrawn');
    expect(await rows.nth(1).textContent()).toContain('Followed us on YouTube');
    const time = first.locator('time');
    expect(new Date((await time.getAttribute('datetime')) ?? '').getTime()).toBeGreaterThan(
      Date.now() - 120_000,
    );
    expect(((await time.textContent()) ?? '').trim()).not.toBe('');
    for (const h of ['Type', 'Amount', 'Description', 'Date']) {
      expect(await alice.page.getByRole('columnheader', { name: h }).count()).toBe(1);
    }
    // The balance chip follows the credits.
    await expect
      .poll(() => alice.page.getByTestId('balance-chip').textContent(), { timeout: 15_000 })
      .toBe('R$ 3.00');

    // Leaderboard: the server reuses its answer for a few seconds, so wait until it has the new earnings.
    await expect
      .poll(async () => (await stack.api('GET', '/api/leaderboard')).body, { timeout: 15_000, interval: 500 })
      .toEqual([
        // Social credits are no experience: both are still at level 1.
        { username: 'AliceRBX', robuxEarned: 3, level: 1 },
        { username: 'BobBuilder', robuxEarned: 1.5, level: 1 },
      ]);
    await alice.page.goto(`${stack.baseUrl}/leaderboard`);
    const board = alice.page.locator('tbody tr');
    await expect.poll(() => board.count()).toBe(2);
    for (const h of ['Rank', 'Username', 'Robux Earned']) {
      expect(await alice.page.getByRole('columnheader', { name: h }).count()).toBe(1);
    }
    expect(await board.nth(0).getByTestId('first-place-trophy').count()).toBe(1);
    expect(await board.nth(0).textContent()).toMatch(/AliceRBX.*3\.00/);
    expect(await board.nth(1).getByTestId('first-place-trophy').count()).toBe(0);
    expect(await board.nth(1).textContent()).toMatch(/2BobBuilder.*1\.50/);
    await alice.page.close();

    for (const [label, viewport] of VIEWPORTS) {
      const { page } = await player('AliceRBX', viewport);
      await page.goto(`${stack.baseUrl}/transactions`);
      await expect.poll(() => page.getByTestId('transaction-row').count()).toBe(2);
      await page.screenshot({ path: join(SHOTS_DIR, `transactions-${label}.png`), fullPage: true });
      await page.goto(`${stack.baseUrl}/leaderboard`);
      await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
      await page.screenshot({ path: join(SHOTS_DIR, `leaderboard-${label}.png`), fullPage: true });
      // Nothing overflows the viewport sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.close();
    }
  });

  it('Load more fetches the next page; withdrawals show their state', async () => {
    // The history is served by a stand-in for the API here, so that a long, mixed history needs no
    // provider: the server's paging and states are covered by the API tests.
    const at = (i: number) => new Date(Date.UTC(2026, 2, 1, 12, 0) - i * 3_600_000).toISOString();
    const firstPage = Array.from({ length: 25 }, (_, i) =>
      i === 1
        ? {
            id: 100 - i,
            type: 'withdraw',
            kind: 'withdrawal',
            amount: 25,
            description: 'Withdraw For Robux',
            date: at(i),
            state: 'pending',
          }
        : i === 3
          ? {
              id: 100 - i,
              type: 'withdraw',
              kind: 'withdrawal',
              amount: 1234,
              description: 'Withdraw For Robux',
              date: at(i),
              state: 'paid',
            }
          : {
              id: 100 - i,
              type: 'earn',
              kind: 'offer',
              amount: 10 + i,
              description: `Offer credit ${i + 1}`,
              date: at(i),
            },
    );
    const secondPage = [
      {
        id: 75,
        type: 'withdraw',
        kind: 'withdrawal',
        amount: 5,
        description: 'Withdraw For Robux',
        date: at(25),
        state: 'refunded',
      },
      { id: 74, type: 'earn', kind: 'social', amount: 1.5, description: 'Followed us on X', date: at(26) },
    ];
    const cursors: (string | null)[] = [];
    for (const [label, viewport] of VIEWPORTS) {
      const { page } = await player('DaveTheBrave', viewport);
      await page.route('**/api/transactions?**', (route) => {
        const cursor = new URL(route.request().url()).searchParams.get('cursor');
        cursors.push(cursor);
        const body =
          cursor === '76' ? { items: secondPage, nextCursor: null } : { items: firstPage, nextCursor: '76' };
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
      });
      await page.goto(`${stack.baseUrl}/transactions`);
      const rows = page.getByTestId('transaction-row');
      await expect.poll(() => rows.count()).toBe(25);
      expect(await rows.nth(1).textContent()).toMatch(/Withdrawn.*pending.*R\$ 25\.00.*Withdraw For Robux/);
      expect(await rows.nth(3).textContent()).toMatch(/Withdrawn.*paid.*R\$ 1,234\.00/);
      expect(await rows.nth(0).getByTestId('transaction-state').count()).toBe(0);
      await page.screenshot({ path: join(SHOTS_DIR, `transactions-states-${label}.png`) });

      const more = page.getByRole('button', { name: 'Load more' });
      await more.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS_DIR, `transactions-load-more-${label}.png`) });
      await more.click();
      await expect.poll(() => rows.count()).toBe(27);
      expect(await rows.nth(25).textContent()).toMatch(/Withdrawn.*refunded.*R\$ 5\.00/);
      expect(await rows.nth(26).textContent()).toContain('Followed us on X');
      expect(await more.count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.close();
    }
    expect(cursors).toContain('76');
  });
});
