import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { requirePayoutAccount } from './auth.ts';
import { groupOrRefuse } from './groups.ts';
import { robloxErrors, type StandinGroupPayout, type StandinState } from './state.ts';

const LIMITS = ['10', '25', '50', '100'];

/**
 * The cursor names the last transaction a page showed, not an offset, so payouts made between
 * two page reads do not shift what the next page holds.
 */
const cursorAfter = (transactionId: number) => Buffer.from(`before:${transactionId}`).toString('base64url');

function readCursor(cursor: string): number | null {
  const match = /^before:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : null;
}

function asTransaction(state: StandinState, payout: StandinGroupPayout) {
  return {
    id: payout.transactionId,
    idHash: createHash('sha256').update(String(payout.transactionId)).digest('base64url').slice(0, 22),
    created: payout.at,
    isPending: false,
    agent: { id: payout.recipientId, type: 'User', name: state.users.get(payout.recipientId)?.name ?? '' },
    details: {},
    currency: { amount: payout.amount, type: 'Robux' },
    purchaseToken: null,
  };
}

/** economy.roblox.com: a group's transaction history, newest first, paged by cursor. */
export function registerGroupTransactionRoutes(app: FastifyInstance, state: StandinState): void {
  app.get<{
    Params: { groupId: string };
    Querystring: { transactionType?: string; limit?: string; cursor?: string };
  }>('/v2/groups/:groupId/transactions', async (req, reply) => {
    if (!requirePayoutAccount(state, req, reply)) return reply;
    const group = groupOrRefuse(state, req.params.groupId, reply);
    if (!group) return reply;
    const { transactionType, limit = '10', cursor } = req.query;
    if (!LIMITS.includes(limit)) return reply.code(400).send(robloxErrors(0, 'The limit is invalid.'));
    const before = cursor ? readCursor(cursor) : Number.POSITIVE_INFINITY;
    if (before === null) return reply.code(400).send(robloxErrors(0, 'The cursor is invalid.'));
    // Only payouts are kept; every other kind of transaction is an empty history.
    if (transactionType !== 'Payout') return { previousPageCursor: null, nextPageCursor: null, data: [] };

    const older = state.groupPayouts
      .filter((p) => p.groupId === group.id && p.transactionId < before)
      .sort((a, b) => b.transactionId - a.transactionId);
    const page = older.slice(0, Number(limit));
    const last = page.at(-1);
    return {
      previousPageCursor: null,
      nextPageCursor: last && older.length > page.length ? cursorAfter(last.transactionId) : null,
      data: page.map((p) => asTransaction(state, p)),
    };
  });
}
