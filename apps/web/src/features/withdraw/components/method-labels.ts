import type { WithdrawalMethod } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';

/** How the withdraw form names each method, in the player's language. */
export const METHOD_LABELS: Record<WithdrawalMethod, () => string> = {
  gamepass: m.withdraw_method_gamepass,
  group: m.withdraw_method_group,
};
