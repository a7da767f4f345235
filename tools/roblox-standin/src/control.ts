import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerGroupControlRoutes } from './control-groups.ts';
import {
  DEFAULT_CHALLENGE_TYPE,
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

const isPriceOrNull = (value: unknown) => value === null || (typeof value === 'number' && value >= 0);

/**
 * The `/_control` API through which tests set users, game passes, the payout account, challenges
 * and faults (groups: control-groups.ts).
 */
export function registerControlRoutes(app: FastifyInstance, state: StandinState, opts: StandinOptions): void {
  const challengeStatus = () => ({ ...state.challenge, challengesAnswered: state.challengesAnswered });

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
    const { id, productId, creatorId, price, isForSale, name, regionalPrice } = req.body ?? {};
    if (typeof creatorId !== 'number') return badRequest(reply, 'creatorId is required');
    if (price === undefined) return badRequest(reply, 'price is required (a number or null)');
    if (!isPriceOrNull(regionalPrice ?? null))
      return badRequest(reply, 'regionalPrice must be a number or null');
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
      regionalPrice: regionalPrice ?? null,
    };
    state.gamePasses.set(pass.id, pass);
    return pass;
  });

  app.patch<{
    Params: { id: string };
    Body: { price?: number | null; isForSale?: boolean; regionalPrice?: number | null };
  }>('/_control/gamepasses/:id', async (req, reply) => {
    const pass = state.gamePasses.get(Number(req.params.id));
    if (!pass) return reply.code(404).send({ error: 'no such game pass' });
    const { price, isForSale, regionalPrice } = req.body ?? {};
    if (regionalPrice !== undefined && !isPriceOrNull(regionalPrice)) {
      return badRequest(reply, 'regionalPrice must be a number or null');
    }
    if (price !== undefined) pass.price = price;
    if (isForSale !== undefined) pass.isForSale = isForSale;
    if (regionalPrice !== undefined) pass.regionalPrice = regionalPrice;
    return pass;
  });

  app.patch<{ Body: { userId?: number; robux?: number; cookie?: string | null } }>(
    '/_control/payout',
    async (req, reply) => {
      const { userId, robux, cookie } = req.body ?? {};
      if (cookie !== undefined && cookie !== null && (typeof cookie !== 'string' || !cookie)) {
        return badRequest(reply, 'cookie must be a non-empty string or null');
      }
      if (userId !== undefined) state.payout.userId = userId;
      if (robux !== undefined) state.payout.robux = robux;
      if (cookie !== undefined) state.payout.cookie = cookie;
      return state.payout;
    },
  );

  app.post<{ Body: { on?: unknown; type?: unknown } }>('/_control/challenge', async (req, reply) => {
    const { on, type } = req.body ?? {};
    if (typeof on !== 'boolean') return badRequest(reply, 'on must be true or false');
    if (type !== undefined && (typeof type !== 'string' || !type))
      return badRequest(reply, 'type must be a string');
    state.challenge = { on, type: type ?? DEFAULT_CHALLENGE_TYPE };
    return challengeStatus();
  });
  app.get('/_control/challenge', async () => challengeStatus());

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

  registerGroupControlRoutes(app, state);

  app.get('/_control/purchases', async () => state.purchases);
  app.get('/_control/stats', async () => state.stats);
}
