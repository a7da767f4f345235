import type { PayoutAccountResponse } from '@rewards/contracts';

/** A payout account overview as the server sends it; `changes` override its fields. */
export function overview(changes: Partial<PayoutAccountResponse> = {}): PayoutAccountResponse {
  return {
    mode: 'roblox',
    methods: ['gamepass', 'group'],
    status: 'ok',
    reason: null,
    since: '2026-03-01T10:00:00.000Z',
    fundsPause: null,
    cookie: { source: 'environment', updatedAt: null, canReplace: true },
    account: { userId: 9000, robux: 1500, readAt: '2026-03-01T10:05:00.000Z' },
    group: {
      id: 77,
      url: 'https://www.roblox.com/communities/77',
      funds: 320,
      readAt: '2026-03-01T10:05:00.000Z',
    },
    readError: null,
    paidLast24h: { count: 3, robux: 60 },
    queue: { count: 2, gamepassCost: 29, groupCost: 10 },
    warnings: [],
    ...changes,
  };
}

export const STOPPED = {
  status: 'needs_attention',
  reason: 'Roblox asked the payout account for a challenge (twostepverification).',
} as const;
