import { z } from 'zod';
import type { GroupEligibility } from '@rewards/contracts';
import { type Answer, describeFailure, parseOk } from './http.ts';
import type { PayoutOutcome } from './gateway.ts';
import { type PayoutSession, robloxErrorCode, robloxErrorMessage } from './payout-session.ts';

// Group payouts: Robux paid from a group's funds to a member, with the reads that come before
// (eligibility, funds) and after an unclear answer (the group's payout transactions).

const eligibilityResponse = z.object({ usersGroupPayoutEligibility: z.record(z.string(), z.string()) });
const currencyResponse = z.object({ robux: z.number() });
const transactionsResponse = z.object({
  nextPageCursor: z.string().nullish(),
  data: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      created: z.string(),
      agent: z.object({ id: z.number(), type: z.string().nullish() }).nullish(),
      currency: z.object({ amount: z.number() }).nullish(),
    }),
  ),
});

/** One group payout as Roblox lists it (newest first). */
export interface GroupPayoutRecord {
  id: string;
  recipientId: number;
  amount: number;
  created: string;
}

const KNOWN: readonly GroupEligibility[] = ['Eligible', 'NotInGroup', 'PayoutRestricted'];

export async function payoutEligibility(
  economyApi: string,
  session: PayoutSession,
  groupId: number,
  userId: number,
): Promise<GroupEligibility> {
  const url = `${economyApi}/v1/groups/${groupId}/users-payout-eligibility?userIds=${userId}`;
  const answer = parseOk(await session.read(url), eligibilityResponse, url);
  const value = answer.usersGroupPayoutEligibility[String(userId)];
  return KNOWN.includes(value as GroupEligibility) ? (value as GroupEligibility) : 'Unknown';
}

export async function robuxOf(url: string, session: PayoutSession): Promise<number> {
  return parseOk(await session.read(url), currencyResponse, url).robux;
}

/** Pays `amount` Robux from the group's funds to `userId`. Never retried here (see PayoutOutcome). */
export async function payFromGroup(
  groupsApi: string,
  session: PayoutSession,
  payout: { groupId: number; userId: number; amount: number },
): Promise<PayoutOutcome> {
  try {
    const answer = await session.write(`${groupsApi}/v1/groups/${payout.groupId}/payouts`, {
      PayoutType: 'FixedAmount',
      Recipients: [{ recipientId: payout.userId, recipientType: 'User', amount: payout.amount }],
    });
    return 'kind' in answer ? answer : payoutOutcome(answer);
  } catch (err) {
    return { kind: 'ambiguous', detail: `group payout request failed: ${describeFailure(err)}` };
  }
}

function payoutOutcome(answer: Answer<unknown>): PayoutOutcome {
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'purchased' };
  if (status >= 500) return { kind: 'ambiguous', detail: `Roblox answered HTTP ${status}` };
  // A 4xx means Roblox refused before paying: code 12 is "Insufficient Robux funds".
  const code = robloxErrorCode(answer);
  const reason =
    status === 429
      ? 'RateLimited'
      : code === 12
        ? 'InsufficientFunds'
        : code === 28
          ? 'TooRecent'
          : `HTTP_${status}${code === undefined ? '' : `_${code}`}`;
  return { kind: 'refused', reason, detail: robloxErrorMessage(answer) };
}

/**
 * The group's payouts from newest back to `since` (ISO time), at most `maxPages` pages of 100: what an
 * unclear payout answer is checked against before anything is paid again.
 */
export async function groupPayoutsSince(
  economyApi: string,
  session: PayoutSession,
  groupId: number,
  since: string,
  maxPages = 5,
): Promise<{ records: GroupPayoutRecord[]; complete: boolean }> {
  const records: GroupPayoutRecord[] = [];
  const sinceMs = Date.parse(since);
  let cursor: string | null | undefined = '';
  for (let page = 0; page < maxPages; page++) {
    const url: string = `${economyApi}/v2/groups/${groupId}/transactions?transactionType=Payout&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body: z.infer<typeof transactionsResponse> = parseOk(
      await session.read(url),
      transactionsResponse,
      url,
    );
    for (const t of body.data) {
      if (Date.parse(t.created) < sinceMs) return { records, complete: true };
      if (!t.agent || !t.currency) continue;
      records.push({
        id: String(t.id),
        recipientId: t.agent.id,
        amount: Math.abs(t.currency.amount),
        created: t.created,
      });
    }
    cursor = body.nextPageCursor;
    if (!cursor) return { records, complete: true };
  }
  return { records, complete: false };
}
