import { z } from 'zod';
import { TtlCache } from '../shared/ttl-cache.ts';
import { createAvatarSource } from './avatars.ts';
import { type BodyReader, isTransient, parseOk, readJson, sendOnce, sendWithRetry } from './http.ts';
import { createPayoutAccountCalls, type PayoutAccountCalls } from './payout-account.ts';
import { productInfoResponse } from './shapes.ts';

export { PayoutAccountBlocked, type PayoutBlock } from './payout-session.ts';
export type { GroupPayoutRecord } from './group-payout.ts';
export type { PayoutOutcome, PurchaseOutcome } from './payout-account.ts';

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

export interface RobloxGatewayConfig {
  usersApi: string;
  thumbnailsApi: string;
  gamepassApi: string;
  economyApi: string;
  inventoryApi: string;
  groupsApi: string;
  timeoutMs: number;
  payoutCookie?: string;
  retries?: number;
}

/** Everything the site asks Roblox; what it asks as the payout account is in payout-account.ts. */
export interface RobloxGateway extends PayoutAccountCalls {
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

  ping(): Promise<boolean>;
}

const CACHE_TTL_MS = 10 * 60_000;
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

export function createRobloxGateway(config: RobloxGatewayConfig): RobloxGateway {
  const timeoutMs = config.timeoutMs > 0 ? config.timeoutMs : 5_000;
  const policy = { timeoutMs, retries: config.retries ?? 2 };
  const base = {
    users: trimSlash(config.usersApi),
    gamepass: trimSlash(config.gamepassApi),
    inventory: trimSlash(config.inventoryApi),
    economy: trimSlash(config.economyApi),
    groups: trimSlash(config.groupsApi),
  };
  const namesCache = new TtlCache<string, RobloxUser>({ ttlMs: CACHE_TTL_MS });

  const get = <T>(url: string, read: BodyReader<T>) =>
    sendWithRetry(url, { headers: { accept: 'application/json' } }, policy, read);

  async function getJson<T>(url: string, schema: z.ZodType<T>, missing: number[] = []): Promise<T | null> {
    const answer = await get(url, readJson);
    if (missing.includes(answer.status)) return null;
    return parseOk(answer, schema, url);
  }

  const avatars = createAvatarSource(trimSlash(config.thumbnailsApi), get, getJson);

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

    ...avatars,

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

    ...createPayoutAccountCalls(base, config.payoutCookie, timeoutMs),

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
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
