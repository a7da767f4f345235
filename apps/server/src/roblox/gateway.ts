import { z } from 'zod';
import {
  type Answer,
  type BodyReader,
  describeFailure,
  isTransient,
  readBytes,
  readJson,
  sendOnce,
  sendWithRetry,
  unavailable,
} from './http.ts';
import { TtlCache } from '../shared/ttl-cache.ts';

/** The one module that talks to Roblox. Base URLs come from the environment (design §6). */

export interface RobloxUser {
  id: number;
  name: string;
  displayName: string;
}

export interface RobloxProfile extends RobloxUser {
  description: string;
  /** When the Roblox account was made (ISO time, Roblox's `created`); null when Roblox does not say. */
  created: string | null;
}

export interface GamePassInfo {
  id: number;
  productId: number;
  creatorId: number;
  price: number | null;
  isForSale: boolean;
  name: string;
}

export interface AvatarImage {
  contentType: string;
  body: Buffer;
}

export type PurchaseOutcome =
  | { kind: 'purchased' }
  | {
      kind: 'refused';
      reason: 'PriceChanged' | 'NotForSale' | 'InsufficientFunds' | 'AlreadyOwned' | (string & {});
      detail?: string;
    }
  /** Timeout, 5xx or network failure: the purchase may or may not have gone through. */
  | { kind: 'ambiguous'; detail: string };

export interface RobloxGatewayConfig {
  usersApi: string;
  thumbnailsApi: string;
  gamepassApi: string;
  economyApi: string;
  inventoryApi: string;
  timeoutMs: number;
  payoutCookie?: string;
  retries?: number;
}

export interface RobloxGateway {
  /** Case-insensitive; answers with the canonical name. Cached for 10 minutes. */
  findUserByName(name: string): Promise<RobloxUser | null>;
  /** Never cached: the bio check needs the description as it is now (and withdrawals the account's age). */
  getProfile(id: number): Promise<RobloxProfile | null>;
  /** Cached for 10 minutes. */
  getAvatarUrl(id: number): Promise<string | null>;
  /**
   * The headshot itself, so the browser loads avatars from us. Cached for 10 minutes ("no avatar"
   * for 1 minute); concurrent calls for one id share one lookup.
   */
  getAvatarImage(id: number): Promise<AvatarImage | null>;
  /**
   * The answer getAvatarImage would give without asking Roblox (cached, known missing, or already
   * being looked up), or undefined when it would ask Roblox.
   */
  avatarImageWithoutRoblox(id: number): Promise<AvatarImage | null> | undefined;
  /** Never cached: price and sale state must be current when paying. */
  getGamePass(id: number): Promise<GamePassInfo | null>;
  ownsGamePass(userId: number, gamePassId: number): Promise<boolean>;
  /** Buys the pass with the payout account. Never retried on doubt: a retry could buy twice. */
  purchaseGamePass(pass: GamePassInfo): Promise<PurchaseOutcome>;
  ping(): Promise<boolean>;
}

const CACHE_TTL_MS = 10 * 60_000;
// Headshots are a few KB each; fewer of them are kept than names.
const MAX_CACHED_IMAGES = 500;
const MAX_IMAGE_BYTES = 1_000_000;
// "No avatar" (unknown id, pending or blocked headshot) is remembered briefly: a finished one shows up soon.
const MISSING_AVATAR_TTL_MS = 60_000;
const MAX_MISSING_AVATARS = 10_000;
const PING_TIMEOUT_MS = 2_000;

const usernamesResponse = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), displayName: z.string() })),
});
const userResponse = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullish(),
  created: z.string().nullish(),
});
const headshotResponse = z.object({
  data: z.array(z.object({ targetId: z.number(), state: z.string(), imageUrl: z.string().nullish() })),
});
const productInfoResponse = z.object({
  TargetId: z.number(),
  ProductId: z.number(),
  Name: z.string(),
  Creator: z.object({ Id: z.number(), CreatorType: z.string().nullish() }),
  PriceInRobux: z.number().nullish(),
  IsForSale: z.boolean(),
});
const purchaseResponse = z.object({
  purchased: z.boolean(),
  reason: z.string().nullish(),
  errorMsg: z.string().nullish(),
  price: z.number().nullish(),
});
const robloxErrors = z.object({ errors: z.array(z.object({ message: z.string() })).min(1) });

export function createRobloxGateway(config: RobloxGatewayConfig): RobloxGateway {
  const timeoutMs = config.timeoutMs > 0 ? config.timeoutMs : 5_000;
  const policy = { timeoutMs, retries: config.retries ?? 2 };
  const base = {
    users: trimSlash(config.usersApi),
    thumbnails: trimSlash(config.thumbnailsApi),
    gamepass: trimSlash(config.gamepassApi),
    economy: trimSlash(config.economyApi),
    inventory: trimSlash(config.inventoryApi),
  };
  const namesCache = new TtlCache<string, RobloxUser>({ ttlMs: CACHE_TTL_MS });
  const avatarUrlCache = new TtlCache<number, string>({ ttlMs: CACHE_TTL_MS });
  const avatarImageCache = new TtlCache<number, AvatarImage>({
    ttlMs: CACHE_TTL_MS,
    maxEntries: MAX_CACHED_IMAGES,
  });
  const missingAvatars = new TtlCache<number, true>({
    ttlMs: MISSING_AVATAR_TTL_MS,
    maxEntries: MAX_MISSING_AVATARS,
  });
  const avatarLookups = new Map<number, Promise<AvatarImage | null>>();
  // Roblox hands out a CSRF token on the first refused write; reusing it saves a round trip.
  let csrfToken = '';

  const get = <T>(url: string, read: BodyReader<T>) =>
    sendWithRetry(url, { headers: { accept: 'application/json' } }, policy, read);

  async function getJson<T>(url: string, schema: z.ZodType<T>, missing: number[] = []): Promise<T | null> {
    const answer = await get(url, readJson);
    if (missing.includes(answer.status)) return null;
    return parseOk(answer, schema, url);
  }

  return {
    async findUserByName(name) {
      const key = name.toLowerCase();
      const cached = namesCache.get(key);
      if (cached) return cached;
      const url = `${base.users}/v1/usernames/users`;
      const answer = await sendWithRetry(
        url,
        {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          // A banned Roblox account cannot receive Robux, so it cannot become a player either.
          body: JSON.stringify({ usernames: [name], excludeBannedUsers: true }),
        },
        policy,
        readJson,
      );
      const found = parseOk(answer, usernamesResponse, url).data[0];
      if (!found) return null; // not cached: the name may be registered a minute from now
      const user = { id: found.id, name: found.name, displayName: found.displayName };
      namesCache.set(key, user);
      return user;
    },

    async getProfile(id) {
      const user = await getJson(`${base.users}/v1/users/${id}`, userResponse, [400, 404]);
      if (!user) return null;
      return {
        id: user.id,
        name: user.name,
        displayName: user.displayName,
        description: user.description ?? '',
        created: user.created && !Number.isNaN(Date.parse(user.created)) ? user.created : null,
      };
    },

    getAvatarUrl,

    avatarImageWithoutRoblox,

    getAvatarImage(id) {
      const known = avatarImageWithoutRoblox(id);
      if (known) return known;
      const lookup = fetchAvatarImage(id)
        .then((image) => {
          if (image) avatarImageCache.set(id, image);
          else missingAvatars.set(id, true);
          return image;
        })
        .finally(() => avatarLookups.delete(id));
      avatarLookups.set(id, lookup);
      return lookup;
    },

    async getGamePass(id) {
      const url = `${base.gamepass}/game-passes/v1/game-passes/${id}/product-info`;
      const info = await getJson(url, productInfoResponse, [400, 404]);
      if (!info) return null;
      return {
        id: info.TargetId,
        productId: info.ProductId,
        // A group's id may equal some player's user id; 0 belongs to no user, so a group's pass
        // can never pass for a player's own.
        creatorId: (info.Creator.CreatorType ?? 'User') === 'User' ? info.Creator.Id : 0,
        price: info.PriceInRobux ?? null,
        isForSale: info.IsForSale,
        name: info.Name,
      };
    },

    async ownsGamePass(userId, gamePassId) {
      const url = `${base.inventory}/v1/users/${userId}/items/GamePass/${gamePassId}/is-owned`;
      return parseOk(await get(url, readJson), z.boolean(), url);
    },

    async purchaseGamePass(pass) {
      if (!config.payoutCookie) {
        return { kind: 'refused', reason: 'NotConfigured', detail: 'ROBLOX_PAYOUT_COOKIE is not set' };
      }
      if (!pass.isForSale || pass.price === null) return { kind: 'refused', reason: 'NotForSale' };

      const url = `${base.economy}/v1/purchases/products/${pass.productId}`;
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
              cookie: `.ROBLOSECURITY=${config.payoutCookie}`,
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
    },

    async ping() {
      try {
        const answer = await sendOnce(
          `${base.users}/v1/users/1`,
          {},
          Math.min(timeoutMs, PING_TIMEOUT_MS),
          readJson,
        );
        return !isTransient(answer.status);
      } catch {
        return false;
      }
    },
  };

  function avatarImageWithoutRoblox(id: number): Promise<AvatarImage | null> | undefined {
    const cached = avatarImageCache.get(id);
    if (cached) return Promise.resolve(cached);
    if (missingAvatars.get(id)) return Promise.resolve(null);
    return avatarLookups.get(id);
  }

  async function fetchAvatarImage(id: number): Promise<AvatarImage | null> {
    const url = await getAvatarUrl(id);
    if (!url) return null;
    const answer = await get(url, readBytes);
    if (answer.status === 404) return null;
    const contentType = answer.headers.get('content-type') ?? '';
    if (answer.status !== 200 || !contentType.startsWith('image/') || answer.body.length > MAX_IMAGE_BYTES) {
      throw unavailable(new Error(`unexpected avatar answer ${answer.status} ${contentType} from ${url}`));
    }
    return { contentType, body: answer.body };
  }

  async function getAvatarUrl(id: number): Promise<string | null> {
    const cached = avatarUrlCache.get(id);
    if (cached) return cached;
    const url = `${base.thumbnails}/v1/users/avatar-headshot?userIds=${id}&size=150x150&format=Png&isCircular=false`;
    const answer = await getJson(url, headshotResponse);
    const entry = answer?.data.find((d) => d.targetId === id);
    // Pending or blocked headshots are not cached so that a finished one shows up soon.
    if (entry?.state !== 'Completed' || !entry.imageUrl) return null;
    avatarUrlCache.set(id, entry.imageUrl);
    return entry.imageUrl;
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
  const message = robloxErrors.safeParse(body).data?.errors[0]?.message;
  const reason = status === 401 ? 'Unauthorized' : status === 429 ? 'RateLimited' : `HTTP_${status}`;
  return { kind: 'refused', reason, detail: message ?? `Roblox answered HTTP ${status}` };
}

function parseOk<T>(answer: Answer<unknown>, schema: z.ZodType<T>, url: string): T {
  if (answer.status < 200 || answer.status >= 300) {
    throw unavailable(new Error(`unexpected HTTP ${answer.status} from ${url}`));
  }
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success)
    throw unavailable(new Error(`unexpected answer shape from ${url}: ${parsed.error.message}`));
  return parsed.data;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
