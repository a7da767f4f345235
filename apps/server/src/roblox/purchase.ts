import { z } from 'zod';
import type { GamePassInfo, PurchaseOutcome } from './gateway.ts';
import { type Answer, describeFailure } from './http.ts';
import { type PayoutSession, robloxErrorMessage } from './payout-session.ts';

const purchaseResponse = z.object({
  purchased: z.boolean(),
  reason: z.string().nullish(),
  errorMsg: z.string().nullish(),
  price: z.number().nullish(),
});

/**
 * Buys a game pass as the payout account. Never retried here: an unclear answer goes back to the
 * payout worker, which asks the inventory before anything else.
 */
export async function purchaseGamePass(
  economyApi: string,
  session: PayoutSession,
  pass: GamePassInfo,
): Promise<PurchaseOutcome> {
  if (!pass.isForSale || pass.price === null) return { kind: 'refused', reason: 'NotForSale' };
  try {
    const answer = await session.write(`${economyApi}/v1/purchases/products/${pass.productId}`, {
      expectedCurrency: 1,
      expectedPrice: pass.price,
      expectedSellerId: pass.creatorId,
    });
    return 'kind' in answer ? answer : purchaseOutcome(answer);
  } catch (err) {
    return { kind: 'ambiguous', detail: `purchase request failed: ${describeFailure(err)}` };
  }
}

function purchaseOutcome(answer: Answer<unknown>): PurchaseOutcome {
  const { status, body } = answer;
  if (status >= 200 && status < 300) {
    const parsed = purchaseResponse.safeParse(body);
    if (!parsed.success) return { kind: 'ambiguous', detail: `unreadable purchase answer (HTTP ${status})` };
    const result = parsed.data;
    if (result.purchased) return { kind: 'purchased' };
    const reason = result.reason ?? 'Unknown';
    const detail =
      reason === 'PriceChanged' && result.price != null ? `price is now R$ ${result.price}` : result.errorMsg;
    return detail ? { kind: 'refused', reason, detail } : { kind: 'refused', reason };
  }
  if (status >= 500) return { kind: 'ambiguous', detail: `Roblox answered HTTP ${status}` };
  // Every 4xx, 429 included, means Roblox turned the request down before buying anything.
  const reason = status === 429 ? 'RateLimited' : `HTTP_${status}`;
  return { kind: 'refused', reason, detail: robloxErrorMessage(answer) };
}
