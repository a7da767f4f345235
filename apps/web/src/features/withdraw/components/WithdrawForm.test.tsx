import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayoutOptionsResponse } from '@rewards/contracts';
import { stubApi, type StubAnswer } from '@/test/api-stub';
import { accountOf } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { WithdrawForm } from './WithdrawForm';

const GOOD_LINK = 'https://www.roblox.com/game-pass/123456/My-Pass';
const TITLES = [
  'Verification required',
  'Missing information',
  'Missing user info',
  'Missing gamepass ID',
  'Invalid amount',
  'Balance not loaded',
  'Insufficient balance',
];

/** The server's default bounds of one withdrawal (MIN_WITHDRAWAL, MAX_WITHDRAWAL). */
const BOUNDS = { minRobux: 5, maxRobux: 10_000, firstWithdrawalReviewed: true };

const account = (robux: number, verified = true) => accountOf(robux, { verified });

/**
 * The spec's checks must read the same whichever methods the operator offers, as long as the player
 * withdraws to a gamepass: with gamepass alone, and with both (gamepass first, so the default).
 */
const OFFERS: Array<[string, PayoutOptionsResponse]> = [
  ['gamepass only', { methods: ['gamepass'], ...BOUNDS }],
  [
    'gamepass and group',
    {
      methods: ['gamepass', 'group'],
      ...BOUNDS,
      group: { id: 77, url: 'https://www.roblox.com/communities/77', eligibility: 'Eligible' },
    },
  ],
];
let offer: PayoutOptionsResponse = { methods: ['gamepass'], ...BOUNDS };

/** Renders the form for a player whose account answers `me`, fills it and presses Withdraw. */
async function withdraw({
  me,
  link,
  amount,
  robloxId = 1001 as number | null,
}: {
  me: StubAnswer;
  link: string;
  amount: string;
  robloxId?: number | null;
}) {
  vi.spyOn(console, 'error').mockImplementation(() => {}); // a failed balance load is logged
  const seen = stubApi({
    'GET /api/user/AliceRBX': me,
    'GET /api/withdrawals': { body: { withdrawals: [] } },
    'GET /api/payout-options': { body: offer },
  });
  signIn({ robloxId });
  renderPage(<WithdrawForm />, '/withdraw');
  const user = userEvent.setup();
  if (link) await user.type(screen.getByLabelText('Gamepass link'), link);
  if (amount) await user.type(screen.getByLabelText('Robux amount'), amount);
  await user.click(screen.getByRole('button', { name: /Withdraw/ }));
  return seen;
}

/** The one toast the submit raised: its title and description. */
async function refusal(): Promise<[string, string | null]> {
  const title = await screen.findByText(
    (_, el) => el?.hasAttribute('data-title') === true && TITLES.includes(el.textContent ?? ''),
  );
  const toast = title.closest('[data-sonner-toast]');
  const description = toast?.querySelector('[data-description]')?.textContent ?? null;
  expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  return [title.textContent ?? '', description];
}

/**
 * Spec §5 "Withdraw checks, in this order": each case breaks its own check and every later one, so
 * the toast names the earliest check that fails; no case reaches the server.
 */
describe.each(OFFERS)('WithdrawForm checks, in the spec order (%s)', (_, offered) => {
  beforeEach(() => {
    offer = offered;
  });

  it('1. an unverified profile: "Verification required"', async () => {
    const seen = await withdraw({ me: account(5, false), link: '', amount: '', robloxId: null });
    expect(await refusal()).toEqual([
      'Verification required',
      'You must verify your Roblox profile before withdrawing.',
    ]);
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('2. no link or no amount: "Missing information"', async () => {
    await withdraw({ me: account(5), link: '', amount: '', robloxId: null });
    expect((await refusal())[0]).toBe('Missing information');
  });

  it('2. a link without an amount is missing information too', async () => {
    await withdraw({ me: account(5), link: GOOD_LINK, amount: '' });
    expect((await refusal())[0]).toBe('Missing information');
  });

  it('3. no Roblox id stored: "Missing user info"', async () => {
    await withdraw({ me: account(5), link: 'not a link', amount: '0', robloxId: null });
    expect((await refusal())[0]).toBe('Missing user info');
  });

  it('4. no numeric id in the link: "Missing gamepass ID"', async () => {
    await withdraw({ me: account(5), link: 'https://www.roblox.com/game-pass/My-Pass', amount: '0' });
    expect((await refusal())[0]).toBe('Missing gamepass ID');
  });

  it('5. not a whole number above 0: "Invalid amount"', async () => {
    await withdraw({ me: { status: 500, body: { error: 'down' } }, link: GOOD_LINK, amount: '0' });
    expect((await refusal())[0]).toBe('Invalid amount');
  });

  it('6. the balance could not be loaded: "Balance not loaded"', async () => {
    await withdraw({ me: { status: 500, body: { error: 'down' } }, link: GOOD_LINK, amount: '999' });
    expect((await refusal())[0]).toBe('Balance not loaded');
  });

  it('7. more than the balance: "Insufficient balance", "You only have N Robux available."', async () => {
    const seen = await withdraw({ me: account(5), link: GOOD_LINK, amount: '10' });
    expect(await refusal()).toEqual(['Insufficient balance', 'You only have 5 Robux available.']);
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('all checks passed: the withdrawal is sent', async () => {
    const seen = await withdraw({ me: account(5), link: GOOD_LINK, amount: '5' });
    await vi.waitFor(() =>
      expect(seen.find((r) => r.method === 'POST')).toMatchObject({
        path: '/api/withdraw',
        body: {
          username: 'AliceRBX',
          gamepassId: 123456,
          gamepassUrl: GOOD_LINK,
          amount: 5,
          method: 'gamepass',
        },
      }),
    );
  });
});
