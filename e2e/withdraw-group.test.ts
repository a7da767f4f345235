import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GROUP_PAID_MESSAGE } from '@rewards/contracts';
import { adminCookie, browser, openJourney, robuxOf, stack } from './support/journey.ts';
import { DESKTOP, shootBothWidths, signIn } from './support/stack.ts';
import {
  grantRobux,
  signInPlayer,
  verifyPlayer,
  type SignedInPlayer,
} from '../apps/server/test/support/players.ts';

/**
 * Group payouts in Chromium: the withdraw page offers "To my account (group payout)"; an
 * eligible member withdraws an exact amount, the payout worker pays it once from the group's funds in
 * the Roblox stand-in, and the list says Paid with what that means; a member Roblox still restricts
 * (new members wait about two weeks) is told why and cannot send the request.
 */

const GROUP_ID = 4242;
const GROUP_LABEL = 'To my account (group payout)';
const AMOUNT = 25;

openJourney({
  env: {
    PAYOUT_MODE: 'roblox',
    PAYOUT_INTERVAL_MS: '200',
    PAYOUT_METHODS: 'gamepass,group',
    ROBLOX_PAYOUT_GROUP_ID: String(GROUP_ID),
    REVIEW_FIRST_WITHDRAWAL: 'false',
  },
  admin: true,
});

type Membership = 'Eligible' | 'PayoutRestricted';

/** The player's Roblox account joins the paying group (the stand-in's) with `status`. */
async function join(player: SignedInPlayer, status: Membership): Promise<void> {
  await stack.control('PUT', `/groups/${GROUP_ID}/members/${player.robloxId}`, { status });
}

/** A verified player with R$ 100 whose Roblox account has `status` in the paying group, or is not in it. */
async function member(name: string, status: Membership | null): Promise<SignedInPlayer> {
  const player = await signInPlayer(stack, name);
  await verifyPlayer(stack, player, '');
  await grantRobux(stack, adminCookie, name, 100);
  if (status) await join(player, status);
  return player;
}

async function groupPayouts(): Promise<Array<{ groupId: number; recipientId: number; amount: number }>> {
  return stack.control('GET', '/group-payouts');
}

/** Opens the withdraw page signed in as `name`, with the group payout chosen. */
async function groupForm(name: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, stack.baseUrl, name);
  await page.goto(`${stack.baseUrl}/withdraw`);
  await expect.poll(() => page.getByTestId('withdraw-balance').innerText()).toBe('R$ 100.00');
  const choice = page.getByLabel('Send the Robux');
  await choice.waitFor();
  expect(await choice.locator('option').allInnerTexts()).toEqual(['To my gamepass', GROUP_LABEL]);
  await choice.selectOption({ label: GROUP_LABEL });
  expect(await page.getByLabel('Gamepass link').count()).toBe(0);
  expect(await page.getByText('Gamepass price to set').count()).toBe(0);
  return page;
}

describe('group payout withdrawals in Chromium', () => {
  it('an eligible member withdraws by group payout: paid once, the exact amount, to their Roblox id', async () => {
    await stack.control('POST', '/groups', { id: GROUP_ID, name: 'Rewards Payouts', funds: 1000 });
    const alice = await member('AliceRBX', 'Eligible');
    const page = await groupForm('AliceRBX');

    await page.getByLabel('Robux amount').fill(String(AMOUNT));
    expect(await page.getByTestId('group-amount').innerText()).toBe(
      `You receive exactly R$ ${AMOUNT}: no Roblox fee, straight to your Roblox balance.`,
    );
    expect(await page.getByTestId('group-eligibility').count()).toBe(0);
    await shootBothWidths(page, 'withdraw-group', 'form');

    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Request sent!' });
    await expect.poll(() => toast.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('withdraw-balance').innerText()).toBe('R$ 75.00');

    // The worker pays within a few of its 200 ms rounds; the list turns Paid on its next refresh (15 s).
    const item = page.getByTestId('withdrawals-list').locator('li').first();
    await expect.poll(() => item.innerText()).toContain('Group payout');
    await expect.poll(() => item.innerText(), { timeout: 20_000 }).toContain('Paid');
    const text = await item.innerText();
    expect(text).toContain(`R$ ${AMOUNT}`);
    expect(text).toContain('Group payout');
    expect(await item.getByTestId('withdrawal-paid-note').innerText()).toBe(GROUP_PAID_MESSAGE);
    await shootBothWidths(page, 'withdraw-group', 'paid');

    // Exactly one payout, of exactly the amount, to Alice's Roblox account; her balance fell by it.
    expect(await groupPayouts()).toEqual([
      expect.objectContaining({ groupId: GROUP_ID, recipientId: alice.robloxId, amount: AMOUNT }),
    ]);
    expect((await stack.control('GET', `/groups/${GROUP_ID}`)).funds).toBe(1000 - AMOUNT);
    expect(await robuxOf(alice)).toBe(100 - AMOUNT);

    // Transactions shows the withdrawal's state too.
    await page.goto(`${stack.baseUrl}/transactions`);
    await expect
      .poll(() => page.getByTestId('transaction-state').first().innerText(), { timeout: 10_000 })
      .toMatch(/paid/i);
    await page.context().close();
  });

  it('a restricted member sees why and cannot send the group payout', async () => {
    const bob = await member('BobBuilder', 'PayoutRestricted');
    const page = await groupForm('BobBuilder');
    const notice = page.getByTestId('group-eligibility');
    await expect.poll(() => notice.innerText()).toMatch(/does not let it pay you yet/);
    expect(await notice.innerText()).toMatch(/only after about two weeks/);
    await page.getByLabel('Robux amount').fill('10');
    const submit = page.getByRole('button', { name: 'Withdraw', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await shootBothWidths(page, 'withdraw-group', 'restricted');

    expect(await robuxOf(bob)).toBe(100);
    expect((await groupPayouts()).filter((p) => p.recipientId === bob.robloxId)).toEqual([]);
    await page.context().close();
  });

  it('a player who joins the group meanwhile presses "Check again" and can send it at once', async () => {
    const carol = await member('CarolPlays', null);
    const page = await groupForm('CarolPlays');
    const notice = page.getByTestId('group-eligibility');
    await expect.poll(() => notice.innerText()).toMatch(/Join our Roblox group/);
    await page.getByLabel('Robux amount').fill('10');
    const submit = page.getByRole('button', { name: 'Withdraw', exact: true });
    expect(await submit.isDisabled()).toBe(true);

    // Joined on Roblox: the server's minute-old answer would stand, the explicit check asks again.
    await join(carol, 'Eligible');
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    expect(await submit.isDisabled()).toBe(false);
    await page.reload();
    await page.getByLabel('Send the Robux').selectOption({ label: GROUP_LABEL });
    expect(await page.getByTestId('group-amount').isVisible()).toBe(true);
    expect(await page.getByTestId('group-eligibility').count()).toBe(0);
    await page.context().close();
  });
});
