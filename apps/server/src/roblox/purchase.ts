import { z } from 'zod';
import type { GamePassInfo, PurchaseOutcome } from './gateway.ts';
import { type Answer, describeFailure, readJson, sendOnce } from './http.ts';

const purchaseResponse = z.object({
  purchased: z.boolean(),
  reason: z.string().nullish(),
  errorMsg: z.string().nullish(),
  price: z.number().nullish(),
});
const robloxErrors = z.object({ errors: z.array(z.object({ message: z.string() })).min(1) });

/**
 * Buys game passes with the payout account's cookie. Never retried here: an unclear answer goes back
 * to the payout worker, which asks the inventory before anything else.
 */
export function createPurchaser(
  economyApi: string,
  payoutCookie: string | undefined,
  timeoutMs: number,
): (pass: GamePassInfo) => Promise<PurchaseOutcome> {
  // Roblox hands out a CSRF token on the first refused write; reusing it saves a round trip.
  let csrfToken = '';
  return async (pass) => {
    if (!payoutCookie) {
      return { kind: 'refused', reason: 'NotConfigured', detail: 'ROBLOX_PAYOUT_COOKIE is not set' };
    }
    if (!pass.isForSale || pass.price === null) return { kind: 'refused', reason: 'NotForSale' };

    const url = `${economyApi}/v1/purchases/products/${pass.productId}`;
    const body = JSON.stringify({
      expectedCurrency: 1,
      expectedPrice: pass.price,
      expectedSellerId: pass.creatorId,
    });
    const post = (token: string) =>
      sendOnce(
        url,
        {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            cookie: `.ROBLOSECURITY=${payoutCookie}`,
            'x-csrf-token': token,
          },
          body,
        },
        timeoutMs,
        readJson,
      );
    try {
      let answer = await post(csrfToken);
      const freshToken = answer.headers.get('x-csrf-token');
      // A 403 carrying a token means "token missing or stale": nothing was bought, so one
      // more try with the new token is safe.
      if (answer.status === 403 && freshToken) {
        csrfToken = freshToken;
        answer = await post(freshToken);
      }
      return purchaseOutcome(answer);
    } catch (err) {
      return { kind: 'ambiguous', detail: `purchase request failed: ${describeFailure(err)}` };
    }
  };
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
  const message = robloxErrors.safeParse(body).data?.errors[0]?.message;
  const reason = status === 401 ? 'Unauthorized' : status === 429 ? 'RateLimited' : `HTTP_${status}`;
  return { kind: 'refused', reason, detail: message ?? `Roblox answered HTTP ${status}` };
}
