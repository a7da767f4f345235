import type { WithdrawalStateName } from '@rewards/contracts';
import type { BadgeTone } from '@/components/ui/Badge';

/** The queue's tabs, one a state, with the empty text where the generic one would mislead. */
export const tabs: { state: WithdrawalStateName; label: string; empty?: string }[] = [
  { state: 'pending', label: 'Pending' },
  { state: 'in_review', label: 'To approve', empty: 'No withdrawals wait for review.' },
  { state: 'held', label: 'Held', empty: 'No withdrawals are held for a ban.' },
  { state: 'needs_review', label: 'Needs review' },
  { state: 'purchasing', label: 'Purchasing' },
  { state: 'paid', label: 'Paid' },
  { state: 'refunded', label: 'Refunded' },
];

export const stateTone = {
  pending: 'sky',
  purchasing: 'sky',
  needs_review: 'amber',
  in_review: 'amber',
  held: 'red',
  paid: 'green',
  refunded: 'slate',
} as const satisfies Record<WithdrawalStateName, BadgeTone>;

/** What the state badge says: `in_review` is the review queue; `held` waits because of a ban. */
export const stateLabel = (state: WithdrawalStateName) =>
  state === 'in_review' ? 'in review' : state === 'held' ? 'held (ban)' : state.replace('_', ' ');
