import type { FastifyInstance, FastifyReply } from 'fastify';
import { admitWrite, requirePayoutAccount } from './auth.ts';
import { nextId, robloxErrors, toId, type StandinGroup, type StandinState } from './state.ts';

const MAX_RECIPIENTS = 20;
/** Transaction ids in the range Roblox's look like, well apart from user and pass ids. */
const FIRST_TRANSACTION_ID = 70_000_000;

interface Recipient {
  recipientId: number;
  amount: number;
}

/** The group named by a route's `:groupId`, or null once the 400 Roblox gives for it is sent. */
export function groupOrRefuse(state: StandinState, rawId: string, reply: FastifyReply): StandinGroup | null {
  const id = toId(rawId);
  const group = id === null ? undefined : state.groups.get(id);
  if (group) return group;
  void reply.code(400).send(robloxErrors(1, 'The group is invalid or does not exist.'));
  return null;
}

const eligibilityOf = (group: StandinGroup, userId: number) => group.members.get(userId) ?? 'NotInGroup';

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Parses `Recipients`, or names the Roblox error its shape earns. */
function readRecipients(raw: unknown): Recipient[] | { code: number; message: string } {
  if (Array.isArray(raw) && raw.length > MAX_RECIPIENTS) return { code: 26, message: 'Too many recipients.' };
  const entries = (Array.isArray(raw) ? raw : []) as Array<Record<string, unknown> | null>;
  // No list, an empty one, a group as recipient or a malformed id: nobody valid to pay.
  const validRecipient = (r: Record<string, unknown> | null) =>
    typeof r === 'object' && r !== null && r.recipientType === 'User' && isPositiveInteger(r.recipientId);
  if (entries.length === 0 || !entries.every(validRecipient)) {
    return { code: 27, message: 'The recipients are invalid.' };
  }
  if (!entries.every((r) => isPositiveInteger(r?.amount)))
    return { code: 25, message: 'The amount is invalid.' };
  return entries.map((r) => ({ recipientId: r!.recipientId as number, amount: r!.amount as number }));
}

/** economy.roblox.com (group funds, payout eligibility) and groups.roblox.com (paying members). */
export function registerGroupRoutes(app: FastifyInstance, state: StandinState): void {
  app.get<{ Params: { groupId: string }; Querystring: { userIds?: string | string[] } }>(
    '/v1/groups/:groupId/users-payout-eligibility',
    async (req, reply) => {
      if (!requirePayoutAccount(state, req, reply)) return reply;
      const group = groupOrRefuse(state, req.params.groupId, reply);
      if (!group) return reply;
      // Roblox takes both `userIds=1,2` and `userIds=1&userIds=2`.
      const raw = [req.query.userIds ?? ''].flat().join(',').split(',');
      const ids = raw.map((s) => toId(s.trim()));
      if (ids.some((id) => id === null))
        return reply.code(400).send(robloxErrors(3, 'The user ids are invalid.'));
      const usersGroupPayoutEligibility: Record<string, string> = {};
      for (const id of ids as number[]) usersGroupPayoutEligibility[String(id)] = eligibilityOf(group, id);
      return { usersGroupPayoutEligibility };
    },
  );

  app.get<{ Params: { groupId: string } }>('/v1/groups/:groupId/currency', async (req, reply) => {
    if (!requirePayoutAccount(state, req, reply)) return reply;
    const group = groupOrRefuse(state, req.params.groupId, reply);
    if (!group) return reply;
    return { robux: group.funds };
  });

  app.post<{ Params: { groupId: string }; Body: { PayoutType?: unknown; Recipients?: unknown } }>(
    '/v1/groups/:groupId/payouts',
    async (req, reply) => {
      if (!admitWrite(state, req, reply)) return reply;
      const group = groupOrRefuse(state, req.params.groupId, reply);
      if (!group) return reply;
      const refuse = (code: number, message: string) => reply.code(400).send(robloxErrors(code, message));
      if (req.body?.PayoutType !== 'FixedAmount') return refuse(24, 'Invalid payout type.');
      const recipients = readRecipients(req.body.Recipients);
      if (!Array.isArray(recipients)) return refuse(recipients.code, recipients.message);
      // Roblox publishes no code for paying someone who cannot be paid; 27 is the stand-in's own.
      if (recipients.some((r) => eligibilityOf(group, r.recipientId) !== 'Eligible')) {
        return refuse(27, 'The recipients are invalid.');
      }
      const total = recipients.reduce((sum, r) => sum + r.amount, 0);
      if (group.funds < total) return refuse(12, 'Insufficient Robux funds.');

      group.funds -= total;
      const at = new Date().toISOString();
      for (const { recipientId, amount } of recipients) {
        const transactionId = nextId(
          state.groupPayouts.map((p) => p.transactionId),
          FIRST_TRANSACTION_ID,
        );
        state.groupPayouts.push({ transactionId, groupId: group.id, recipientId, amount, at });
      }
      return {};
    },
  );
}
