import type { FastifyInstance } from 'fastify';
import { denyForeign, requirePayoutAccount } from './auth.ts';
import { toId, type StandinState } from './state.ts';

/** economy.roblox.com: the payout account's own Robux balance (nobody else's is readable). */
export function registerCurrencyRoutes(app: FastifyInstance, state: StandinState): void {
  app.get<{ Params: { userId: string } }>('/v1/users/:userId/currency', async (req, reply) => {
    if (!requirePayoutAccount(state, req, reply)) return reply;
    if (toId(req.params.userId) !== state.payout.userId) return denyForeign(reply);
    return { robux: state.payout.robux };
  });
}
