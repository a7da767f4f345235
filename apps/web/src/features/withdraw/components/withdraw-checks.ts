import {
  parseGamepassId,
  type MeResponse,
  type WithdrawalMethod,
  type WithdrawRequest,
} from '@rewards/contracts';
import { errorText } from '@/lib/error-message';
import { formatReward } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

/** What the player entered and what the page knows when Withdraw is pressed. */
export interface WithdrawInput {
  method: WithdrawalMethod;
  link: string;
  amount: string;
  /** The player's account, undefined when it could not be loaded. */
  account: MeResponse | undefined;
  username: string | undefined;
  robloxId: number | null | undefined;
  balance: number | null;
  /** The bounds of one withdrawal the server tells (`GET /api/payout-options`), once it has answered. */
  bounds?: WithdrawalBounds;
}

export interface WithdrawalBounds {
  minimum: number;
  maximum: number;
}

/** The sentence for an amount outside the bounds: the errors table's, as the server's refusal reads. */
export function outOfBoundsText(bounds: WithdrawalBounds): string {
  return errorText('VALIDATION', { reason: 'AMOUNT_OUT_OF_RANGE', ...bounds }) ?? '';
}

/** Whether a whole amount is outside the bounds (unknown bounds: the server decides). */
export function outOfBounds(robux: number, bounds: WithdrawalBounds | undefined): boolean {
  return bounds !== undefined && (robux < bounds.minimum || robux > bounds.maximum);
}

/** The form field a refusal is about, shown under it as well as toasted. */
export type WithdrawField = 'link' | 'amount';

/** The toast of the first check that fails, or the request to send. */
export type CheckResult =
  { refused: { title: string; description?: string; field?: WithdrawField } } | { request: WithdrawRequest };

/** A whole number of Robux greater than 0, or null. */
export function wholeRobux(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n > 0 ? n : null;
}

const refuse = (title: string, description?: string, field?: WithdrawField): CheckResult => ({
  refused: { title, description, field },
});

const EXAMPLE_LINK = 'https://www.roblox.com/game-pass/123456/My-Pass';

/**
 * The spec's withdraw checks (§5), in its order and with its titles; the server checks everything again.
 * A group payout has no gamepass: "Missing information" then means the amount is empty, and the
 * gamepass id check does not apply.
 */
export function checkWithdrawal(input: WithdrawInput): CheckResult {
  const { method, account, balance } = input;
  const group = method === 'group';
  const link = input.link.trim();
  if (account && !account.verified) {
    return refuse(m.withdraw_refused_not_verified_title(), m.withdraw_refused_not_verified());
  }
  if (!input.amount.trim() || (!group && !link)) {
    return refuse(
      m.withdraw_refused_missing_title(),
      group ? m.withdraw_refused_missing_amount() : m.withdraw_refused_missing_both(),
      group || link ? 'amount' : 'link',
    );
  }
  if (!input.username || !input.robloxId) {
    return refuse(m.withdraw_refused_user_title(), m.withdraw_refused_user());
  }
  const gamepassId = parseGamepassId(link);
  if (!group && gamepassId === null) {
    return refuse(
      m.withdraw_refused_gamepass_title(),
      m.withdraw_refused_gamepass({ example: EXAMPLE_LINK }),
      'link',
    );
  }
  const robux = wholeRobux(input.amount);
  if (robux === null) return refuse(m.withdraw_refused_amount_title(), m.withdraw_refused_amount(), 'amount');
  if (input.bounds && outOfBounds(robux, input.bounds)) {
    return refuse(m.withdraw_refused_amount_title(), outOfBoundsText(input.bounds), 'amount');
  }
  if (!account || balance === null)
    return refuse(m.withdraw_refused_balance_title(), m.withdraw_refused_balance());
  if (robux > balance) {
    return refuse(
      m.withdraw_refused_insufficient_title(),
      m.withdraw_refused_insufficient({ balance: formatReward(balance) }),
      'amount',
    );
  }
  const base = { username: input.username, amount: robux, method };
  return { request: group || gamepassId === null ? base : { ...base, gamepassId, gamepassUrl: link } };
}
