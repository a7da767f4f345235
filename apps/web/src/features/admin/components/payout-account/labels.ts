import type { PayoutAccountResponse, WithdrawalMethod } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';
import { formatRobux } from '../format';

/** Roblox amounts are whole Robux: "R$ 1,234". */
export const robux = (n: number) => formatRobux(n);

// Messages, called at render so they follow the language.
export const methodLabel: Record<WithdrawalMethod, () => string> = {
  gamepass: m.admin_payout_method_gamepass,
  group: m.admin_payout_method_group,
};

export const modeLabel: Record<PayoutAccountResponse['mode'], () => string> = {
  roblox: m.admin_payout_mode_roblox,
  manual: m.admin_payout_mode_manual,
};

export const cookieSourceLabel: Record<PayoutAccountResponse['cookie']['source'], () => string> = {
  console: m.admin_payout_source_console,
  environment: m.admin_payout_source_environment,
  none: m.admin_payout_source_none,
};

/** The banner's and the panel's link target: the panel sits at the top of the Withdrawals section. */
export const PAYOUT_PANEL_ID = 'payout-account';
