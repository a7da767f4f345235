import type { PayoutAccountResponse, WithdrawalMethod } from '@rewards/contracts';
import { formatCount } from '../format';

/** Roblox amounts are whole Robux: "R$ 1,234". */
export const robux = (n: number) => `R$ ${formatCount(n)}`;

export const methodLabel: Record<WithdrawalMethod, string> = {
  gamepass: 'Gamepass',
  group: 'Group payout',
};

export const modeLabel: Record<PayoutAccountResponse['mode'], string> = {
  roblox: 'Automatic (payout worker)',
  manual: 'Manual (an admin buys each gamepass)',
};

export const cookieSourceLabel: Record<PayoutAccountResponse['cookie']['source'], string> = {
  console: 'Set in this console',
  environment: 'Server environment',
  none: 'None set',
};

/** The banner's and the panel's link target: the panel sits at the top of the Withdrawals section. */
export const PAYOUT_PANEL_ID = 'payout-account';
