import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GroupEligibility, PayoutOptionsResponse } from '@rewards/contracts';
import { stubApi } from '@/test/api-stub';
import { accountOf } from '@/test/builders';
import { renderPage, signIn } from '@/test/render';
import { WithdrawForm } from './WithdrawForm';

const GROUP_URL = 'https://www.roblox.com/communities/77';
const GROUP_LABEL = 'To my account (group payout)';

const offer = (
  methods: PayoutOptionsResponse['methods'],
  eligibility: GroupEligibility = 'Eligible',
): PayoutOptionsResponse => ({
  methods,
  minRobux: 5,
  maxRobux: 10_000,
  firstWithdrawalReviewed: true,
  ...(methods.includes('group') ? { group: { id: 77, url: GROUP_URL, eligibility } } : {}),
});

/**
 * Renders the form for a verified player with R$ 50 and the methods `options` offers; "Check again"
 * is answered with `checked` (the same options by default).
 */
async function renderWith(options: PayoutOptionsResponse, checked: PayoutOptionsResponse = options) {
  const seen = stubApi({
    'GET /api/user/AliceRBX': accountOf(50),
    'GET /api/withdrawals': { body: { withdrawals: [] } },
    'GET /api/payout-options': { body: options },
    'POST /api/payout-options/check': { body: checked },
    'POST /api/withdraw': {
      body: {
        success: true,
        message: 'ok',
        withdrawal: { id: 1, method: 'group', robux: 20, price: 20, gamepassId: null, state: 'pending' },
        robux: 30,
      },
    },
  });
  signIn();
  renderPage(<WithdrawForm />, '/withdraw');
  // The form is ready once the server's options have shown (a group notice or the gamepass field).
  await screen.findByTestId('withdraw-balance');
  await vi.waitFor(() => expect(seen.some((r) => r.path === '/api/payout-options')).toBe(true));
  return seen;
}

const methodChoice = () => screen.queryByRole('combobox', { name: 'Send the Robux' });

describe('WithdrawForm with group payouts', () => {
  it('offers the choice only when both methods are on', async () => {
    await renderWith(offer(['gamepass', 'group']));
    const choice = await screen.findByRole('combobox', { name: 'Send the Robux' });
    expect([...choice.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'To my gamepass',
      GROUP_LABEL,
    ]);
    // The first method the operator lists is the default.
    expect(screen.getByLabelText('Gamepass link')).toBeTruthy();
    await userEvent.setup().selectOptions(choice, GROUP_LABEL);
    expect(screen.queryByLabelText('Gamepass link')).toBeNull();
    expect(screen.queryByText('Gamepass price to set')).toBeNull();
  });

  it('with gamepass alone: no choice, the gamepass form', async () => {
    await renderWith(offer(['gamepass']));
    await screen.findByText('Gamepass price to set');
    expect(methodChoice()).toBeNull();
    expect(screen.getByLabelText('Gamepass link')).toBeTruthy();
  });

  it('with group alone: no choice, no gamepass field, the exact amount', async () => {
    await renderWith(offer(['group']));
    await screen.findByTestId('group-amount');
    expect(methodChoice()).toBeNull();
    expect(screen.queryByLabelText('Gamepass link')).toBeNull();
    expect(screen.queryByText('Gamepass price to set')).toBeNull();
    await userEvent.setup().type(screen.getByLabelText('Robux amount'), '20');
    expect(screen.getByTestId('group-amount').textContent).toBe(
      'You receive exactly R$ 20: no Roblox fee, straight to your Roblox balance.',
    );
  });

  it('not in the group: how to join (a link in a new tab) and the two weeks; no submit', async () => {
    const seen = await renderWith(offer(['group'], 'NotInGroup'));
    const notice = await screen.findByTestId('group-eligibility');
    const link = screen.getByRole('link', { name: /Open the group on Roblox/ });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual([GROUP_URL, '_blank']);
    expect(notice.textContent).toMatch(/only after about two weeks/);
    const button = screen.getByRole('button', { name: /Withdraw/ });
    expect(button).toHaveProperty('disabled', true);
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('joined meanwhile: "Check again" asks the server at once and the form opens', async () => {
    const seen = await renderWith(offer(['group'], 'NotInGroup'), offer(['group'], 'Eligible'));
    await screen.findByTestId('group-eligibility');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() => expect(screen.queryByTestId('group-eligibility')).toBeNull());
    expect(seen.filter((r) => r.path.startsWith('/api/payout-options'))).toEqual([
      { method: 'GET', path: '/api/payout-options', body: undefined },
      { method: 'POST', path: '/api/payout-options/check', body: undefined },
    ]);
    expect(screen.getByRole('button', { name: /Withdraw/ })).toHaveProperty('disabled', false);
  });

  it('still not in the group after "Check again": says Roblox was asked', async () => {
    await renderWith(offer(['group'], 'NotInGroup'));
    await screen.findByTestId('group-eligibility');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Checked with Roblox: no change yet.')).toBeTruthy();
    expect(screen.getByTestId('group-eligibility').textContent).toMatch(/Join our Roblox group/);
  });

  it('payout restricted: the two-week wait, no join link, no submit', async () => {
    await renderWith(offer(['gamepass', 'group'], 'PayoutRestricted'));
    await userEvent.setup().selectOptions(await screen.findByRole('combobox'), GROUP_LABEL);
    expect(screen.getByTestId('group-eligibility').textContent).toMatch(
      /does not let it pay you yet.*about two weeks/,
    );
    expect(screen.queryByRole('link', { name: /Open the group/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Withdraw/ })).toHaveProperty('disabled', true);
  });

  it('eligibility unknown: says it could not be checked', async () => {
    await renderWith(offer(['group'], 'Unknown'));
    expect((await screen.findByTestId('group-eligibility')).textContent).toMatch(
      /could not check with Roblox/,
    );
    expect(screen.getByRole('button', { name: /Withdraw/ })).toHaveProperty('disabled', true);
  });

  it('an empty amount is "Missing information" for a group payout', async () => {
    const seen = await renderWith(offer(['group']));
    await screen.findByTestId('group-amount');
    await userEvent.setup().click(screen.getByRole('button', { name: /Withdraw/ }));
    expect(await screen.findByText('Missing information')).toBeTruthy();
    // Toasted, and shown under the amount field, which it is tied to.
    const field = screen.getByLabelText('Robux amount');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ')[0]!)?.textContent).toBe(
      'Enter the amount of Robux.',
    );
    expect(screen.getAllByText('Enter the amount of Robux.')).toHaveLength(2);
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('an eligible member submits method "group" and no gamepass', async () => {
    const seen = await renderWith(offer(['gamepass', 'group']));
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox'), GROUP_LABEL);
    await user.type(screen.getByLabelText('Robux amount'), '20');
    await user.click(screen.getByRole('button', { name: /Withdraw/ }));
    expect(await screen.findByText('Request sent!')).toBeTruthy();
    const post = seen.find((r) => r.method === 'POST');
    expect(post).toEqual({
      method: 'POST',
      path: '/api/withdraw',
      body: { username: 'AliceRBX', amount: 20, method: 'group' },
    });
  });
});
