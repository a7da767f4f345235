import { z } from 'zod';
import { playerNames, referralTotals } from './auth.ts';
import { levelStatus } from './levels.ts';

export const usernameParams = z.object({ username: z.string().trim().min(1).max(50) });

export const userStatus = z.enum(['active', 'banned']);
export type UserStatus = z.infer<typeof userStatus>;

/** GET /api/user/{username}: the caller's own account. Amounts in R$. */
export const meResponse = z.object({
  ...playerNames.shape,
  robux: z.number(),
  earnings: z.number(),
  verified: z.boolean(),
  status: userStatus,
});
export type MeResponse = z.infer<typeof meResponse>;

/** GET /api/profile/{username}: the fields the profile page shows. Amounts in R$. */
export const profileResponse = z.object({
  username: z.string(),
  robloxId: z.number(),
  robux: z.number(),
  pendingRobux: z.number(),
  earnings: z.number(),
  offersCompleted: z.number(),
  ...referralTotals.shape,
  joinedAt: z.string(),
  verificationCode: z.string().nullable(),
  verified: z.boolean(),
  /** "Protect my account" is on: typing the name does not open the account. */
  protected: z.boolean(),
  /** The player's level and progress (paid level rewards are already in `robux`). */
  level: levelStatus,
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** GET /api/health: 200 while the database answers, 503 (same body) when it does not. */
export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  roblox: z.enum(['ok', 'down', 'unknown']),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/avatar/{robloxId}: the avatar's image bytes (image/png or as Roblox serves it), not JSON. */
export const avatarImage = z
  .string()
  .meta({ format: 'binary', description: 'The image bytes; content type as Roblox serves it.' });
