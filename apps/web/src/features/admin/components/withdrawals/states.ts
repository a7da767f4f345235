import type { WithdrawalStateName } from '@rewards/contracts';
import type { BadgeTone } from '@/components/ui/Badge';
import { m } from '@/paraglide/messages.js';

/** The queue's tabs, one a state, each with its empty text (messages, read at render). */
export const tabs: { state: WithdrawalStateName; label: () => string; empty: () => string }[] = [
  { state: 'pending', label: m.admin_wd_tab_pending, empty: m.admin_wd_empty_pending },
  { state: 'in_review', label: m.admin_wd_tab_in_review, empty: m.admin_wd_empty_in_review },
  { state: 'held', label: m.admin_wd_tab_held, empty: m.admin_wd_empty_held },
  { state: 'needs_review', label: m.admin_wd_tab_needs_review, empty: m.admin_wd_empty_needs_review },
  { state: 'purchasing', label: m.admin_wd_tab_purchasing, empty: m.admin_wd_empty_purchasing },
  { state: 'paid', label: m.admin_wd_tab_paid, empty: m.admin_wd_empty_paid },
  { state: 'refunded', label: m.admin_wd_tab_refunded, empty: m.admin_wd_empty_refunded },
];

/** The first tab, in the queue's order, with withdrawals waiting in its state. */
export function firstTabWithWork(
  waiting: readonly { state: WithdrawalStateName; count: number }[],
): WithdrawalStateName | undefined {
  return tabs.find((t) => waiting.some((w) => w.state === t.state && w.count > 0))?.state;
}

export const stateTone = {
  pending: 'sky',
  purchasing: 'sky',
  needs_review: 'amber',
  in_review: 'amber',
  held: 'red',
  paid: 'green',
  refunded: 'slate',
} as const satisfies Record<WithdrawalStateName, BadgeTone>;

const stateLabels: Record<WithdrawalStateName, () => string> = {
  pending: m.admin_wd_state_pending,
  purchasing: m.admin_wd_state_purchasing,
  needs_review: m.admin_wd_state_needs_review,
  in_review: m.admin_wd_state_in_review,
  held: m.admin_wd_state_held,
  paid: m.admin_wd_state_paid,
  refunded: m.admin_wd_state_refunded,
};

/** What the state badge says: `in_review` is the review queue; `held` waits because of a ban. */
export const stateLabel = (state: WithdrawalStateName) => stateLabels[state]();
