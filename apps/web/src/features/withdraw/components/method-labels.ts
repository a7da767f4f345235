import type { WithdrawalMethod } from '@rewards/contracts';

/** How the withdraw form names each method (issue 19 words the group one). */
export const METHOD_LABELS: Record<WithdrawalMethod, string> = {
  gamepass: 'To my gamepass',
  group: 'To my account (group payout)',
};
