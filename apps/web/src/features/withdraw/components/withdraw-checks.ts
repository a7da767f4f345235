import {
  NOT_VERIFIED_MESSAGE,
  parseGamepassId,
  type MeResponse,
  type WithdrawalMethod,
  type WithdrawRequest,
} from '@rewards/contracts';

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
}

/** The toast of the first check that fails, or the request to send. */
export type CheckResult = { refused: { title: string; description?: string } } | { request: WithdrawRequest };

/** A whole number of Robux greater than 0, or null. */
export function wholeRobux(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n > 0 ? n : null;
}

const refuse = (title: string, description?: string): CheckResult => ({ refused: { title, description } });

/**
 * The spec's withdraw checks (§5), in its order and with its titles; the server checks everything again.
 * A group payout has no gamepass: "Missing information" then means the amount is empty, and the
 * gamepass id check does not apply.
 */
export function checkWithdrawal(input: WithdrawInput): CheckResult {
  const { method, account, balance } = input;
  const group = method === 'group';
  const link = input.link.trim();
  if (account && !account.verified) return refuse('Verification required', NOT_VERIFIED_MESSAGE);
  if (!input.amount.trim() || (!group && !link)) {
    return refuse(
      'Missing information',
      group ? 'Enter the amount of Robux.' : 'Enter your gamepass link and the amount of Robux.',
    );
  }
  if (!input.username || !input.robloxId) return refuse('Missing user info', 'Please sign in again.');
  const gamepassId = parseGamepassId(link);
  if (!group && gamepassId === null) {
    return refuse(
      'Missing gamepass ID',
      'Paste the link of your gamepass, e.g. https://www.roblox.com/game-pass/123456/My-Pass.',
    );
  }
  const robux = wholeRobux(input.amount);
  if (robux === null) return refuse('Invalid amount', 'Enter a whole number of Robux greater than 0.');
  if (!account || balance === null)
    return refuse('Balance not loaded', 'Please wait a moment and try again.');
  if (robux > balance) return refuse('Insufficient balance', `You only have ${balance} Robux available.`);
  const base = { username: input.username, amount: robux, method };
  return { request: group || gamepassId === null ? base : { ...base, gamepassId, gamepassUrl: link } };
}
