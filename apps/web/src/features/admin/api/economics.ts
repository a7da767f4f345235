import type {
  EconomicsPeriod,
  EconomicsResponse,
  EconomicsWarningsResponse,
  RobuxCostBody,
  RobuxCostsResponse,
} from '@rewards/contracts';
import { useAdminMutation, useAdminQuery } from './admin-query';
import { adminFetch, invalidate } from './client';

/** The period the Economics section shows; `month` (yyyy-mm) and `from`/`to` (yyyy-mm-dd) as it needs. */
export interface EconomicsPeriodChoice {
  period: EconomicsPeriod;
  month?: string;
  from?: string;
  to?: string;
}

const economicsKey = ['admin', 'economics'] as const;

/** The query string of a period, for the figures and their CSV. */
export function periodQuery(choice: EconomicsPeriodChoice): string {
  const q = new URLSearchParams({ period: choice.period });
  if (choice.period === 'month' && choice.month) q.set('month', choice.month);
  if (choice.period === 'custom') {
    if (choice.from) q.set('from', choice.from);
    if (choice.to) q.set('to', choice.to);
  }
  return q.toString();
}

/** `GET /api/admin/economics/export`: the figures as CSV (a download link: the session cookie goes along). */
export const economicsCsvUrl = (choice: EconomicsPeriodChoice) =>
  `/api/admin/economics/export?${periodQuery(choice)}`;

export function useEconomics(choice: EconomicsPeriodChoice, enabled = true) {
  const query = periodQuery(choice);
  return useAdminQuery<EconomicsResponse>([...economicsKey, query], `/api/admin/economics?${query}`, {
    staleTime: 30_000,
    keepPrevious: true,
    enabled,
  });
}

/** The warnings under way; only for a role that may read the figures. */
export function useEconomicsWarnings(enabled: boolean) {
  return useAdminQuery<EconomicsWarningsResponse>(
    [...economicsKey, 'warnings'],
    '/api/admin/economics/warnings',
    { staleTime: 60_000, enabled },
  );
}

export function useRobuxCosts() {
  return useAdminQuery<RobuxCostsResponse>([...economicsKey, 'costs'], '/api/admin/economics/costs', {
    staleTime: 60_000,
  });
}

export function useSetRobuxCost() {
  return useAdminMutation(
    (body: RobuxCostBody) =>
      adminFetch<RobuxCostsResponse>('/api/admin/economics/costs', { method: 'PUT', body }),
    () => invalidate(economicsKey),
  );
}
