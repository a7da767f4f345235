import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectFailedRequest } from './support/browser-errors.ts';
import { asAdmin, browser, openJourney, stack } from './support/journey.ts';
import { DESKTOP, screenshots, signIn } from './support/stack.ts';

openJourney({ admin: true });

const shoot = screenshots('rewards');

const chipText = (page: Page) => page.getByTestId('balance-chip').first().textContent();

describe('rewards journeys: daily streak, promo codes, giveaways', () => {
  it('claims day 1: the card reads CLAIMED and the balance chip rises by R$50', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, stack.baseUrl, 'AliceRBX');
    await page.goto(`${stack.baseUrl}/daily`);
    await expect
      .poll(() => page.getByRole('heading', { name: '7-Day Streak Rewards' }).isVisible())
      .toBe(true);

    const day1 = page.getByRole('article', { name: 'Day 1' });
    const day7 = page.getByRole('article', { name: 'Day 7' });
    await expect.poll(() => day1.getByRole('button', { name: 'CLAIM', exact: true }).isEnabled()).toBe(true);
    expect(await day1.textContent()).toContain('R$ 50');
    expect(await day7.textContent()).toMatch(/Surprise prize.*up to R\$ 250/i);
    expect(await page.getByRole('article', { name: 'Day 2' }).getAttribute('data-state')).toBe('locked');
    await expect.poll(() => chipText(page), { timeout: 10_000 }).toBe('R$ 0.00');
    await shoot(page, 'daily-before');

    await day1.getByRole('button', { name: 'CLAIM', exact: true }).click();
    await expect.poll(() => day1.getByRole('button', { name: 'CLAIMED' }).isVisible()).toBe(true);
    expect(await day1.getByRole('button', { name: 'CLAIMED' }).isDisabled()).toBe(true);
    expect(await day1.getAttribute('data-state')).toBe('claimed');
    await expect.poll(() => chipText(page), { timeout: 10_000 }).toBe('R$ 50.00');
    await expect.poll(() => page.getByText('Day 1 claimed!').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/Next reward in/).isVisible()).toBe(true);
    await shoot(page, 'daily-claimed');

    // Reloading keeps the state: the server decides, not the browser.
    await page.reload();
    await expect.poll(() => day1.getByRole('button', { name: 'CLAIMED' }).isVisible()).toBe(true);
    const states = await page
      .locator('article[data-state]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(states).toEqual(['claimed', 'locked', 'locked', 'locked', 'locked', 'locked', 'locked']);
    await page.close();
  });

  it('redeems a promo code created by the admin and sees the spec messages', async () => {
    const created = await asAdmin('POST', '/api/admin/promocodes', { code: 'WELCOME', amount: 25 });
    expect(created.status).toBe(201);

    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, stack.baseUrl, 'BobBuilder');
    await page.goto(`${stack.baseUrl}/promocodes`);
    const field = page.getByLabel('Promo code');
    const button = page.getByRole('button', { name: 'Redeem Code' });
    const message = page.getByTestId('promo-message');

    await button.click();
    await expect.poll(() => message.textContent()).toBe('❌ Please enter a promo code.');
    await field.fill('NOSUCHCODE');
    expectFailedRequest(page, 404, '/api/promocode/redeem');
    await button.click();
    await expect.poll(() => message.textContent()).toBe('Invalid promo code.');
    await shoot(page, 'promo-error');

    await expect.poll(() => chipText(page), { timeout: 10_000 }).toBe('R$ 0.00');
    await field.fill('  welcome ');
    await button.click();
    await expect.poll(() => message.textContent()).toBe('🎉 Promo code applied! You received 25 Robux.');
    await expect.poll(() => chipText(page), { timeout: 10_000 }).toBe('R$ 25.00');
    expect(await field.inputValue()).toBe('');
    await shoot(page, 'promo-success');

    await field.fill('WELCOME');
    expectFailedRequest(page, 409, '/api/promocode/redeem');
    await button.click();
    await expect.poll(() => message.textContent()).toBe('You have already redeemed this code.');

    // The network failing shows the spec's server error.
    await page.route('**/api/promocode/redeem', (route) => route.abort());
    expectFailedRequest(page, 'net::ERR_FAILED', '/api/promocode/redeem');
    await field.fill('WELCOME');
    await button.click();
    await expect.poll(() => message.textContent()).toBe('❌ Server error. Please try again later.');
    await page.close();
  });

  it('enters the giveaway: the entry count rises and the button changes; the winner banner follows the end', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, stack.baseUrl, 'CarolPlays');
    // No giveaway is running: the API answers 404.
    expectFailedRequest(page, 404, '/api/giveaway');
    await page.goto(`${stack.baseUrl}/giveaways`);
    await expect.poll(() => page.getByText('No giveaway right now').isVisible()).toBe(true);
    await shoot(page, 'giveaway-empty');

    const endAt = new Date(Date.now() + 2 * 24 * 3600_000 + 3 * 3600_000).toISOString();
    const created = await asAdmin('POST', '/api/admin/giveaways', {
      title: 'Weekend Mega Giveaway',
      description: 'One lucky player wins R$1,000. Enter before the timer runs out!',
      prize: 1000,
      endAt,
    });
    expect(created.status).toBe(201);
    // Another player entered already.
    const dave = await stack.api('POST', '/api/login', { username: 'DaveTheBrave' });
    expect(
      (await stack.api('POST', '/api/giveaway/enter', {}, { authorization: `Bearer ${dave.body.token}` }))
        .status,
    ).toBe(200);

    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Weekend Mega Giveaway' }).isVisible())
      .toBe(true);
    const entries = page.getByTestId('giveaway-entries');
    await expect.poll(() => entries.textContent()).toBe('1 registered user');
    const enterButton = page.getByRole('button', { name: 'Enter The Giveaway' });
    expect(await enterButton.isEnabled()).toBe(true);
    const countdown = page.getByTestId('giveaway-countdown');
    const first = await countdown.getAttribute('aria-label');
    expect(first).toMatch(/^Time left: 0w 2d [23]h \d+min \d+s$/);
    await expect.poll(() => countdown.getAttribute('aria-label'), { timeout: 3000 }).not.toBe(first);
    expect(await page.getByText(/Winners are announced on our .* community server/).isVisible()).toBe(true);
    await shoot(page, 'giveaway-open');

    await enterButton.click();
    await expect.poll(() => entries.textContent()).toBe('2 registered users');
    const entered = page.getByRole('button', { name: "You're entered!" });
    await expect.poll(() => entered.isVisible()).toBe(true);
    expect(await entered.isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('You have entered the giveaway!').isVisible()).toBe(true);
    await shoot(page, 'giveaway-entered');

    const ended = await asAdmin('POST', `/api/admin/giveaways/${created.body.id}/end`);
    expect(ended.status).toBe(200);
    const winner: string = ended.body.winner;
    expect(['CarolPlays', 'DaveTheBrave']).toContain(winner);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('giveaway-winner').textContent())
      .toContain(`${winner} won R$ 1,000!`);
    expect(await page.getByRole('button', { name: 'Enter The Giveaway' }).isDisabled()).toBe(true);
    await shoot(page, 'giveaway-winner');
    await page.close();
  });

  it('without a session token, claiming and entering ask the visitor to log in', async () => {
    const created = await asAdmin('POST', '/api/admin/giveaways', {
      title: 'Next Giveaway',
      description: 'Another chance to win.',
      prize: 50,
      endAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(created.status).toBe(201);
    const page = await browser.newPage({ viewport: DESKTOP });
    // A stored username without a token (e.g. left by an older version of the site).
    await page.goto(`${stack.baseUrl}/index`);
    await page.evaluate(() => localStorage.setItem('rbx-username', 'SomeVisitor'));

    await page.goto(`${stack.baseUrl}/giveaways`);
    const enterButton = page.getByRole('button', { name: 'Enter The Giveaway' });
    await expect.poll(() => enterButton.isEnabled()).toBe(true);
    await enterButton.click();
    await expect.poll(() => page.getByText('You need to be logged in to enter!').isVisible()).toBe(true);

    await page.goto(`${stack.baseUrl}/daily`);
    const day1 = page.getByRole('article', { name: 'Day 1' });
    await day1.getByRole('button', { name: 'CLAIM', exact: true }).click();
    await expect
      .poll(() => page.getByText('You must be logged in to claim your daily reward.').isVisible())
      .toBe(true);

    await page.goto(`${stack.baseUrl}/promocodes`);
    await page.getByLabel('Promo code').fill('WELCOME');
    await page.getByRole('button', { name: 'Redeem Code' }).click();
    await expect
      .poll(() => page.getByTestId('promo-message').textContent())
      .toBe('❌ You must be logged in to redeem a code.');
    await page.close();
  });
});
