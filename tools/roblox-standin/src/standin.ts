import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A local imitation of the Roblox web APIs the server uses, with the same paths and JSON shapes,
 * plus a `/_control` API so tests can set data and inject failures. One base URL serves every
 * Roblox host.
 */

export interface StandinUser {
  id: number;
  name: string;
  displayName: string;
  description: string;
  isBanned?: boolean;
  /** When the account was made (ISO time); seeded and created users default to 2016. */
  created?: string;
}

export interface StandinGamePass {
  id: number;
  productId: number;
  creatorId: number;
  price: number | null;
  isForSale: boolean;
  name: string;
}

export interface StandinPurchase {
  productId: number;
  gamePassId: number;
  price: number;
  sellerId: number;
  buyerId: number;
  at: string;
}

export type Fault = 'down' | 'slow' | 'ratelimit' | 'error500';

export interface StandinMode {
  mode: 'up' | Fault;
  delayMs: number;
  /** Requests left before the fault ends by itself; null = until changed. */
  remaining: number | null;
  /** Path prefixes the fault applies to; null = every non-control path. */
  paths: string[] | null;
}

export interface StandinState {
  users: Map<number, StandinUser>;
  gamePasses: Map<number, StandinGamePass>;
  /** `${userId}:${gamePassId}` */
  owned: Set<string>;
  purchases: StandinPurchase[];
  payout: { userId: number; robux: number };
  csrfToken: string;
  mode: StandinMode;
  /** Request count per path (without query), control routes excluded. */
  stats: Record<string, number>;
}

export interface StandinOptions {
  port?: number;
  host?: string;
  seed?: boolean;
  payoutUserId?: number;
  payoutRobux?: number;
  logger?: boolean;
}

export interface Standin {
  url: string;
  state: StandinState;
  close(): Promise<void>;
}

const DEFAULT_SLOW_MS = 10_000;
const CREATED = '2016-04-01T12:00:00.000Z';

const robloxErrors = (code: number, message: string) => ({ errors: [{ code, message }] });

function freshState(opts: StandinOptions): StandinState {
  const payoutUserId = opts.payoutUserId ?? 1;
  const users = new Map<number, StandinUser>();
  if (opts.seed !== false) {
    const seed: Array<[number, string, string]> = [
      [payoutUserId, 'RewardsPayout', 'RewardsPayout'],
      [1001, 'AliceRBX', 'Alice'],
      [1002, 'BobBuilder', 'BobBuilder'],
      [1003, 'CarolPlays', 'CarolPlays'],
      [1004, 'DaveTheBrave', 'DaveTheBrave'],
      [1005, 'XssTester', '<img src=x onerror=alert(1)>'],
    ];
    for (const [id, name, displayName] of seed) users.set(id, { id, name, displayName, description: '' });
  }
  return {
    users,
    gamePasses: new Map(),
    owned: new Set(),
    purchases: [],
    payout: { userId: payoutUserId, robux: opts.payoutRobux ?? 1_000_000 },
    csrfToken: randomBytes(12).toString('base64'),
    mode: { mode: 'up', delayMs: DEFAULT_SLOW_MS, remaining: null, paths: null },
    stats: {},
  };
}

/** A solid-colour PNG, so avatar URLs point at a real image without any files on disk. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, default compression/filter, no interlace
  const row = Buffer.alloc(1 + width * 3); // leading 0 = no filter
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function colourFor(id: number): [number, number, number] {
  return [((id * 67) % 200) + 40, ((id * 131) % 200) + 40, ((id * 199) % 200) + 40];
}

const toId = (raw: string): number | null => (/^\d{1,15}$/.test(raw) ? Number(raw) : null);
const pathOf = (req: FastifyRequest) => req.url.split('?')[0] ?? req.url;
const nextId = (ids: Iterable<number>, floor: number) => Math.max(floor, ...ids) + 1;

export async function startStandin(opts: StandinOptions = {}): Promise<Standin> {
  const state = freshState(opts);
  // Slow-mode waits end early on close so that closing never hangs on a pending request.
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });

  const app = Fastify({ logger: opts.logger ?? false, forceCloseConnections: true });

  /** Returns the fault that applies to this request, consuming one of its `times`. */
  function takeFault(path: string): StandinMode | null {
    const mode = state.mode;
    if (mode.mode === 'up') return null;
    if (mode.paths && !mode.paths.some((prefix) => path.startsWith(prefix))) return null;
    const applied = { ...mode };
    if (mode.remaining !== null && --mode.remaining <= 0) {
      state.mode = { mode: 'up', delayMs: DEFAULT_SLOW_MS, remaining: null, paths: null };
    }
    return applied;
  }

  app.addHook('onRequest', async (req, reply) => {
    const path = pathOf(req);
    if (path.startsWith('/_control')) return;
    state.stats[path] = (state.stats[path] ?? 0) + 1;
    const fault = takeFault(path);
    switch (fault?.mode) {
      case 'down':
        // Dropping the connection unanswered is what a dead host looks like to a client.
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      case 'slow':
        slowAnswers.set(req, fault.delayMs);
        return;
      case 'ratelimit':
        return reply.code(429).header('retry-after', '1').send(robloxErrors(0, 'Too many requests'));
      case 'error500':
        return reply.code(500).send(robloxErrors(0, 'InternalServerError'));
    }
  });

  // Slowness delays the answer, not the work: like a real overloaded server, a purchase may
  // complete after the client has given up waiting.
  const slowAnswers = new WeakMap<FastifyRequest, number>();
  app.addHook('onSend', async (req) => {
    const delayMs = slowAnswers.get(req);
    if (delayMs) await sleep(delayMs);
  });

  // ---- users.roblox.com ----

  app.post<{ Body: { usernames?: unknown; excludeBannedUsers?: boolean } }>(
    '/v1/usernames/users',
    async (req) => {
      const requested = Array.isArray(req.body?.usernames) ? req.body.usernames : [];
      const data = [];
      for (const requestedUsername of requested) {
        if (typeof requestedUsername !== 'string') continue;
        const user = findByName(requestedUsername);
        if (!user || (user.isBanned && req.body.excludeBannedUsers)) continue;
        data.push({
          requestedUsername,
          hasVerifiedBadge: false,
          id: user.id,
          name: user.name,
          displayName: user.displayName,
        });
      }
      return { data };
    },
  );

  app.get<{ Params: { id: string } }>('/v1/users/:id', async (req, reply) => {
    const id = toId(req.params.id);
    const user = id === null ? undefined : state.users.get(id);
    if (!user) return reply.code(404).send(robloxErrors(3, 'The user id is invalid.'));
    return {
      description: user.description,
      created: user.created ?? CREATED,
      isBanned: user.isBanned ?? false,
      externalAppDisplayName: null,
      hasVerifiedBadge: false,
      id: user.id,
      name: user.name,
      displayName: user.displayName,
    };
  });

  // ---- thumbnails.roblox.com ----

  app.get<{ Querystring: { userIds?: string } }>('/v1/users/avatar-headshot', async (req) => {
    const base = `${req.protocol}://${req.host}`;
    const ids = (req.query.userIds ?? '').split(',').map((s) => toId(s.trim()));
    const data = ids
      .filter((id): id is number => id !== null)
      .map((targetId) => {
        const user = state.users.get(targetId);
        if (!user) return { targetId, state: 'Error', imageUrl: null, version: 'TN3' };
        if (user.isBanned) return { targetId, state: 'Blocked', imageUrl: null, version: 'TN3' };
        return { targetId, state: 'Completed', imageUrl: `${base}/avatar/${targetId}.png`, version: 'TN3' };
      });
    return { data };
  });

  app.get<{ Params: { file: string } }>('/avatar/:file', async (req, reply) => {
    const id = /^(\d{1,15})\.png$/.exec(req.params.file)?.[1];
    if (!id) return reply.code(404).send(robloxErrors(0, 'Not found'));
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=600')
      .send(solidPng(48, 48, colourFor(Number(id))));
  });

  // ---- apis.roblox.com (game passes) ----

  app.get<{ Params: { id: string } }>('/game-passes/v1/game-passes/:id/product-info', async (req, reply) => {
    const id = toId(req.params.id);
    const pass = id === null ? undefined : state.gamePasses.get(id);
    if (!pass) return reply.code(404).send(robloxErrors(1, 'The game pass does not exist.'));
    return {
      TargetId: pass.id,
      ProductType: 'Game Pass',
      AssetId: 0,
      ProductId: pass.productId,
      Name: pass.name,
      Description: '',
      AssetTypeId: 0,
      Creator: {
        Id: pass.creatorId,
        Name: state.users.get(pass.creatorId)?.name ?? '',
        CreatorType: 'User',
        CreatorTargetId: pass.creatorId,
        HasVerifiedBadge: false,
      },
      IconImageAssetId: 0,
      Created: CREATED,
      Updated: CREATED,
      PriceInRobux: pass.price,
      PremiumPriceInRobux: null,
      Remaining: null,
      IsNew: false,
      IsForSale: pass.isForSale,
      IsPublicDomain: false,
      IsLimited: false,
      IsLimitedUnique: false,
      Sales: 0,
      MinimumMembershipLevel: 0,
    };
  });

  // ---- inventory.roblox.com ----

  app.get<{ Params: { userId: string; gamePassId: string } }>(
    '/v1/users/:userId/items/GamePass/:gamePassId/is-owned',
    async (req, reply) => {
      const userId = toId(req.params.userId);
      const gamePassId = toId(req.params.gamePassId);
      if (userId === null || gamePassId === null) {
        return reply.code(400).send(robloxErrors(1, 'The specified user does not exist.'));
      }
      // A bare JSON boolean, as Roblox answers.
      return reply.type('application/json').send(JSON.stringify(state.owned.has(`${userId}:${gamePassId}`)));
    },
  );

  // ---- economy.roblox.com ----

  app.post<{
    Params: { productId: string };
    Body: { expectedCurrency?: number; expectedPrice?: number; expectedSellerId?: number };
  }>('/v1/purchases/products/:productId', async (req, reply) => {
    const cookie = /(?:^|;\s*)\.ROBLOSECURITY=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    if (!cookie) {
      return reply.code(401).send(robloxErrors(0, 'Authorization has been denied for this request.'));
    }
    if (req.headers['x-csrf-token'] !== state.csrfToken) {
      return reply
        .code(403)
        .header('x-csrf-token', state.csrfToken)
        .send(robloxErrors(0, 'Token Validation Failed'));
    }
    const productId = toId(req.params.productId);
    const pass = [...state.gamePasses.values()].find((p) => p.productId === productId);
    if (!pass) return reply.code(400).send(robloxErrors(1, 'The product does not exist.'));
    return purchase(pass, req.body ?? {});
  });

  function purchase(
    pass: StandinGamePass,
    body: { expectedCurrency?: number; expectedPrice?: number; expectedSellerId?: number },
  ) {
    const payout = state.payout;
    const sellerName = state.users.get(pass.creatorId)?.name ?? '';
    const price = pass.price ?? 0;
    const base = {
      productId: pass.productId,
      statusCode: 500,
      shortfallPrice: 0,
      balanceAfterSale: payout.robux,
      expectedSellerName: sellerName,
      expectedCurrency: 1,
      expectedPrice: body.expectedPrice ?? 0,
      price,
      assetId: pass.id,
      assetName: pass.name,
      assetType: 'Game Pass',
      assetTypeDisplayName: 'Game Pass',
      assetIsWearable: false,
      sellerName,
      transactionVerb: 'bought',
      isMultiPrivateSale: false,
    };
    const refuse = (reason: string, title: string, errorMsg: string, extra: object = {}) => ({
      purchased: false,
      reason,
      ...base,
      title,
      errorMsg,
      showDivId: 'TransactionFailureView',
      ...extra,
    });

    const ownedKey = `${payout.userId}:${pass.id}`;
    if (state.owned.has(ownedKey)) {
      return refuse('AlreadyOwned', 'Item Owned', 'You already own this item.');
    }
    if (!pass.isForSale || pass.price === null) {
      return refuse('NotForSale', 'Item Not For Sale', 'This item is not for sale.');
    }
    if (body.expectedPrice !== pass.price) {
      return refuse(
        'PriceChanged',
        'Item Price Has Changed',
        `While you were shopping, the price of this item changed from R$ ${body.expectedPrice} to R$ ${price}.`,
        { showDivId: 'PriceChangedView' },
      );
    }
    if (body.expectedSellerId !== pass.creatorId) {
      return refuse('SellerChanged', 'Seller Has Changed', 'The seller of this item has changed.');
    }
    if (payout.robux < price) {
      return refuse('InsufficientFunds', 'Insufficient Funds', 'You need more Robux to buy this item.', {
        shortfallPrice: price - payout.robux,
        showDivId: 'InsufficientFundsView',
      });
    }

    payout.robux -= price;
    state.owned.add(ownedKey);
    state.purchases.push({
      productId: pass.productId,
      gamePassId: pass.id,
      price,
      sellerId: pass.creatorId,
      buyerId: payout.userId,
      at: new Date().toISOString(),
    });
    return {
      purchased: true,
      reason: 'Success',
      ...base,
      title: 'Purchase Complete',
      errorMsg: '',
      showDivId: 'CompletePurchase',
      balanceAfterSale: payout.robux,
    };
  }

  function findByName(name: string): StandinUser | undefined {
    const wanted = name.toLowerCase();
    return [...state.users.values()].find((u) => u.name.toLowerCase() === wanted);
  }

  // ---- control API for tests ----

  const badRequest = (reply: FastifyReply, message: string) => reply.code(400).send({ error: message });

  app.post('/_control/reset', async () => {
    Object.assign(state, freshState(opts));
    return { ok: true };
  });

  app.post<{ Body: Partial<StandinUser> }>('/_control/users', async (req, reply) => {
    const { id, name, displayName, description, isBanned, created } = req.body ?? {};
    if (typeof name !== 'string' || !name) return badRequest(reply, 'name is required');
    if (created !== undefined && !isTime(created)) return badRequest(reply, 'created must be an ISO time');
    const clash = findByName(name);
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

  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const { port } = app.server.address() as { port: number };
  // A wildcard bind is reachable on loopback; it is not a usable address in a URL.
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;

  return {
    url: `http://${urlHost}:${port}`,
    state,
    async close() {
      for (const wake of [...sleepers]) wake();
      await app.close();
    },
  };
}

function isTime(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}

function isMode(mode: unknown): mode is StandinMode['mode'] {
  return ['up', 'down', 'slow', 'ratelimit', 'error500'].includes(mode as string);
}
