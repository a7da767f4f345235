import type { Env } from '../env.ts';
import type { RobloxGatewayConfig } from './gateway.ts';

export function robloxConfigFromEnv(env: Env): RobloxGatewayConfig {
  return {
    usersApi: env.ROBLOX_USERS_API,
    thumbnailsApi: env.ROBLOX_THUMBNAILS_API,
    gamepassApi: env.ROBLOX_GAMEPASS_API,
    economyApi: env.ROBLOX_ECONOMY_API,
    inventoryApi: env.ROBLOX_INVENTORY_API,
    groupsApi: env.ROBLOX_GROUPS_API,
    timeoutMs: env.ROBLOX_TIMEOUT_MS,
    payoutCookie: env.ROBLOX_PAYOUT_COOKIE,
  };
}
