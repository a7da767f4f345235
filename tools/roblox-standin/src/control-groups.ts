import type { FastifyInstance, FastifyReply } from 'fastify';
import { toId, type GroupPayoutStatus, type StandinGroup, type StandinState } from './state.ts';

const badRequest = (reply: FastifyReply, message: string) => reply.code(400).send({ error: message });
const isFunds = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isStatus = (value: unknown): value is GroupPayoutStatus =>
  value === 'Eligible' || value === 'PayoutRestricted';

/** A group as JSON: members as `{ "<userId>": status }`, since a Map serialises to `{}`. */
const groupView = (group: StandinGroup) => ({ ...group, members: Object.fromEntries(group.members) });

/** `/_control` routes for groups: their funds, who may be paid from them, and what was paid. */
export function registerGroupControlRoutes(app: FastifyInstance, state: StandinState): void {
  /** Creates a group, or replaces one with the same id (members and all). */
  app.post<{ Body: { id?: unknown; name?: unknown; funds?: unknown } }>(
    '/_control/groups',
    async (req, reply) => {
      const { id, name, funds = 0 } = req.body ?? {};
      if (!Number.isSafeInteger(id) || (id as number) <= 0)
        return badRequest(reply, 'id must be a positive integer');
      if (name !== undefined && typeof name !== 'string') return badRequest(reply, 'name must be a string');
      if (!isFunds(funds)) return badRequest(reply, 'funds must be a whole number of Robux');
      const group: StandinGroup = {
        id: id as number,
        name: name ?? `Group ${id}`,
        funds,
        members: new Map(),
      };
      state.groups.set(group.id, group);
      return groupView(group);
    },
  );

  app.get<{ Params: { id: string } }>('/_control/groups/:id', async (req, reply) => {
    const group = state.groups.get(Number(req.params.id));
    return group ? groupView(group) : reply.code(404).send({ error: 'no such group' });
  });

  app.patch<{ Params: { id: string }; Body: { funds?: unknown } }>(
    '/_control/groups/:id',
    async (req, reply) => {
      const group = state.groups.get(Number(req.params.id));
      if (!group) return reply.code(404).send({ error: 'no such group' });
      const { funds } = req.body ?? {};
      if (funds !== undefined && !isFunds(funds))
        return badRequest(reply, 'funds must be a whole number of Robux');
      if (funds !== undefined) group.funds = funds;
      return groupView(group);
    },
  );

  app.put<{ Params: { id: string; userId: string }; Body: { status?: unknown } }>(
    '/_control/groups/:id/members/:userId',
    async (req, reply) => {
      const group = state.groups.get(Number(req.params.id));
      if (!group) return reply.code(404).send({ error: 'no such group' });
      const userId = toId(req.params.userId);
      const status = req.body?.status;
      if (userId === null) return badRequest(reply, 'userId must be a user id');
      if (!isStatus(status)) return badRequest(reply, 'status must be Eligible or PayoutRestricted');
      group.members.set(userId, status);
      return groupView(group);
    },
  );

  app.delete<{ Params: { id: string; userId: string } }>(
    '/_control/groups/:id/members/:userId',
    async (req, reply) => {
      const group = state.groups.get(Number(req.params.id));
      if (!group) return reply.code(404).send({ error: 'no such group' });
      const userId = toId(req.params.userId);
      if (userId !== null) group.members.delete(userId);
      return groupView(group);
    },
  );

  app.get('/_control/group-payouts', async () => state.groupPayouts);
}
