import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  DEFAULT_SLOW_MS,
  findByName,
  freshState,
  nextId,
  type StandinGamePass,
  type StandinMode,
  type StandinOptions,
  type StandinState,
  type StandinUser,
} from './state.ts';

const badRequest = (reply: FastifyReply, message: string) => reply.code(400).send({ error: message });

function isTime(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}

function isMode(mode: unknown): mode is StandinMode['mode'] {
  return ['up', 'down', 'slow', 'ratelimit', 'error500'].includes(mode as string);
}

/** The `/_control` API through which tests set users, game passes, the payout account and faults. */
export function registerControlRoutes(app: FastifyInstance, state: StandinState, opts: StandinOptions): void {
  app.post('/_control/reset', async () => {
    Object.assign(state, freshState(opts));
    return { ok: true };
  });

  app.post<{ Body: Partial<StandinUser> }>('/_control/users', async (req, reply) => {
    const { id, name, displayName, description, isBanned, created } = req.body ?? {};
    if (typeof name !== 'string' || !name) return badRequest(reply, 'name is required');
    if (created !== undefined && !isTime(created)) return badRequest(reply, 'created must be an ISO time');
    const clash = findByName(state, name);
    if (clash && clash.id !== id) return reply.code(409).send({ error: `${name} is taken by ${clash.id}` });
    const user: StandinUser = {
      id: id ?? nextId(state.users.keys(), 1000),
      name,
      displayName: displayName ?? name,
      description: description ?? '',
      isBanned: isBanned ?? false,
      ...(created !== undefined ? { created: new Date(created).toISOString() } : {}),
    };
    state.users.set(user.id, user);
    return user;
  });

  /** Sets when a user's account was made (`GET /v1/users/{id}` answers it as `created`), e.g. 3 days ago. */
  app.put<{ Params: { id: string }; Body: { created?: unknown } }>(
    '/_control/users/:id/created',
    async (req, reply) => {
      const user = state.users.get(Number(req.params.id));
      if (!user) return reply.code(404).send({ error: 'no such user' });
      if (!isTime(req.body?.created)) return badRequest(reply, 'created must be an ISO time');
      user.created = new Date(req.body.created).toISOString();
      return user;
    },
  );

  app.put<{ Params: { id: string }; Body: { description?: string } }>(
    '/_control/users/:id/description',
    async (req, reply) => {
      const user = state.users.get(Number(req.params.id));
      if (!user) return reply.code(404).send({ error: 'no such user' });
      if (typeof req.body?.description !== 'string') return badRequest(reply, 'description is required');
      user.description = req.body.description;
      return user;
    },
  );

  app.post<{ Body: Partial<StandinGamePass> }>('/_control/gamepasses', async (req, reply) => {
    const { id, productId, creatorId, price, isForSale, name } = req.body ?? {};
    if (typeof creatorId !== 'number') return badRequest(reply, 'creatorId is required');
    if (price === undefined) return badRequest(reply, 'price is required (a number or null)');
    const passId = id ?? nextId(state.gamePasses.keys(), 100_000);
    const pass: StandinGamePass = {
      id: passId,
      productId:
        productId ??
        nextId(
          [...state.gamePasses.values()].map((p) => p.productId),
          9_000_000,
        ),
      creatorId,
      price,
      isForSale: isForSale ?? price !== null,
      name: name ?? `Pass ${passId}`,
    };
    state.gamePasses.set(pass.id, pass);
    return pass;
  });

  app.patch<{ Params: { id: string }; Body: { price?: number | null; isForSale?: boolean } }>(
    '/_control/gamepasses/:id',
    async (req, reply) => {
      const pass = state.gamePasses.get(Number(req.params.id));
      if (!pass) return reply.code(404).send({ error: 'no such game pass' });
      if (req.body?.price !== undefined) pass.price = req.body.price;
      if (req.body?.isForSale !== undefined) pass.isForSale = req.body.isForSale;
      return pass;
    },
  );

  app.patch<{ Body: { userId?: number; robux?: number } }>('/_control/payout', async (req) => {
    if (req.body?.userId !== undefined) state.payout.userId = req.body.userId;
    if (req.body?.robux !== undefined) state.payout.robux = req.body.robux;
    return state.payout;
  });

  app.post<{ Body: { mode?: string; delayMs?: number; times?: number; paths?: string[] } }>(
    '/_control/mode',
    async (req, reply) => {
      const { mode, delayMs, times, paths } = req.body ?? {};
      if (!isMode(mode)) return badRequest(reply, 'mode must be up, down, slow, ratelimit or error500');
      state.mode = {
        mode,
        delayMs: delayMs ?? DEFAULT_SLOW_MS,
        remaining: mode === 'up' ? null : (times ?? null),
        paths: paths?.length ? paths : null,
      };
      return state.mode;
    },
  );

  app.get('/_control/purchases', async () => state.purchases);
  app.get('/_control/stats', async () => state.stats);
}
