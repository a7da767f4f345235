import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EconomicsResponse, RobuxCostsResponse } from '@rewards/contracts';
import { consoleSection } from '@/test/console';
import { EconomicsSection } from './EconomicsSection';

const figures: EconomicsResponse = {
  currency: 'USD',
  timeZone: 'Europe/Brussels',
  from: '2026-03-01',
  to: '2026-03-31',
  robuxCost: 0.004,
  revenue: 6.25,
  cost: {
    total: 3.04,
    byKind: [
      { kind: 'offer', robux: 810, value: 3.24 },
      { kind: 'reversal', robux: -220, value: -0.88 },
    ],
  },
  paidOut: { gamepassRobux: 143, groupRobux: 40, value: 0.73 },
  margin: 3.21,
  marginShare: 51.4,
  walls: [
    {
      slug: 'alpha',
      name: 'Alpha Offers',
      completions: 3,
      revenue: 2,
      robux: 360,
      robuxPerUsd: 100,
      reversals: 2,
      reversalRate: 66.7,
      hoursToReversal: 86,
      margin: 1.2,
    },
  ],
  owed: {
    available: 609,
    onHold: 0,
    negative: -10,
    withdrawals: 20,
    total: 629,
    value: 2.52,
    payoutRobux: 500,
    groupFunds: 100,
    covered: false,
  },
  days: [
    { day: '2026-03-01', revenue: 0, cost: 0, margin: 0 },
    { day: '2026-03-02', revenue: 2, cost: 0.88, margin: 1.12 },
  ],
};

const costs: RobuxCostsResponse = { defaultUsd: 0.004, costs: [] };

const show = consoleSection(<EconomicsSection />, {
  answers: {
    'GET /api/admin/economics?period=30d': { body: figures },
    'GET /api/admin/economics/costs': { body: costs },
  },
});

describe('EconomicsSection', () => {
  it('shows the period, the figures, the per-wall table and the CSV of the chosen period', async () => {
    const { user, seen } = show({
      'GET /api/admin/economics?period=month': { body: { ...figures, revenue: 7 } },
    });
    const list = await screen.findByRole('list', { name: 'Economics' });
    expect(within(list).getByText('$6.25')).toBeTruthy();
    expect(within(list).getByText('51.4% of revenue')).toBeTruthy();
    const row = screen.getByRole('row', { name: /Alpha Offers/ });
    expect(row.textContent).toContain('R$ 360');
    expect(row.textContent).toContain('66.7% · after 86 h');
    expect(screen.getByText('Not covered')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Per day' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/economics/export?period=30d',
    );

    await user.selectOptions(screen.getByLabelText('Period'), 'month');
    expect(await within(list).findByText('$7.00')).toBeTruthy();
    expect(seen.map((r) => r.path)).toContain('/api/admin/economics?period=month');

    // A custom period is asked for once both ends are chosen.
    await user.selectOptions(screen.getByLabelText('Period'), 'custom');
    expect(seen.some((r) => r.path.includes('period=custom'))).toBe(false);
  });

  it('an owner sets the Robux cost from a day on', async () => {
    const { user, writes } = show({ 'PUT /api/admin/economics/costs': { body: costs } });
    const field = await screen.findByLabelText('USD per 1,000 Robux');
    await user.type(field, '5');
    await user.click(screen.getByRole('button', { name: 'Set cost' }));
    await expect
      .poll(() => writes())
      .toEqual([
        expect.objectContaining({
          method: 'PUT',
          path: '/api/admin/economics/costs',
          body: expect.objectContaining({ usd: 0.005 }),
        }),
      ]);
  });
});
