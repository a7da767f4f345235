import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { overview, STOPPED } from './overview.fixture';
import { PayoutBanner } from './PayoutBanner';

function show(body: unknown, status = 200) {
  stubApi({ 'GET /api/admin/payout-account': { status, body } });
  renderPage(
    <>
      <PayoutBanner />
      <p>Console page</p>
    </>,
    '/admin',
  );
}

describe('PayoutBanner', () => {
  it('says payouts stopped, and why, with a link to the payout account panel', async () => {
    show(overview(STOPPED));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toMatch(
      /^Payouts stopped: Roblox asked the payout account for a challenge \(twostepverification\)\./,
    );
    const link = screen.getByRole('link', { name: 'Fix in Payout account' });
    expect(link.getAttribute('href')).toBe('/admin?section=withdrawals#payout-account');
  });

  it('is milder while payouts only wait for Robux', async () => {
    show(overview({ fundsPause: 'The payout account has R$ 5; the next payout costs R$ 29.' }));
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain(
      'Payouts are waiting for Robux: The payout account has R$ 5; the next payout costs R$ 29.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['payouts run', 200, overview()],
    ['the overview could not be read', 503, { code: 'ROBLOX_UNAVAILABLE', error: 'down' }],
  ])('shows nothing while %s', async (_, status, body) => {
    show(body, status);
    await screen.findByText('Console page');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('payout-banner')).toBeNull();
  });
});
