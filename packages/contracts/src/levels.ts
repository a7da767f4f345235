import { z } from 'zod';
import { fromCents } from './money.ts';
import { hasAtMostTwoDecimals } from './rewards.ts';

/**
 * The level curve (docs/levels.md): experience is what a player earned from offers and surveys, net
 * of reversals, in hundredths of R$. Level n (from 1) starts at LEVEL_STEP_CENTS × (n − 1)²: level 2
 * at R$10, 3 at R$40, 4 at R$90, 10 at R$810, up to MAX_LEVEL. Quadratic, so each level asks a little
 * more than the one before while the first ones come within a player's first offers.
 */
export const LEVEL_STEP_CENTS = 1_000;
export const MAX_LEVEL = 100;

/** The experience (hundredths of R$) at which `level` starts; level 1 starts at 0. */
export function levelStartCents(level: number): number {
  const steps = Math.min(Math.max(Math.trunc(level), 1), MAX_LEVEL) - 1;
  return LEVEL_STEP_CENTS * steps * steps;
}

/** The integer square root, exact for every safe integer (no floating-point rounding at a square). */
function isqrt(n: number): number {
  let r = Math.floor(Math.sqrt(n));
  while (r * r > n) r -= 1;
  while ((r + 1) * (r + 1) <= n) r += 1;
  return r;
}

/** The level of a player with this experience (hundredths of R$; below 0 counts as 0). */
export function levelOfCents(cents: number): number {
  const steps = isqrt(Math.floor(Math.max(cents, 0) / LEVEL_STEP_CENTS));
  return Math.min(steps + 1, MAX_LEVEL);
}

/** GET /api/level, and the profile's `level`: where a player stands on the curve. Amounts in R$. */
export const levelStatus = z.object({
  level: z.number().int(),
  /** R$ earned from offers and surveys, net of reversals. */
  experience: z.number(),
  /** The experience at which the current level started. */
  levelStart: z.number(),
  /** The experience at which the next level starts; null at MAX_LEVEL. */
  nextLevelAt: z.number().nullable(),
  /** The next level that carries a reward, if any: its level and R$. */
  nextReward: z.object({ level: z.number().int(), amount: z.number() }).nullable(),
});
export type LevelStatus = z.infer<typeof levelStatus>;

/** A player's standing from their experience (hundredths of R$), without the reward. */
export function levelStatusOf(cents: number): Omit<LevelStatus, 'nextReward'> {
  const level = levelOfCents(cents);
  return {
    level,
    experience: fromCents(Math.max(cents, 0)),
    levelStart: fromCents(levelStartCents(level)),
    nextLevelAt: level >= MAX_LEVEL ? null : fromCents(levelStartCents(level + 1)),
  };
}

/** A level's one-time reward as the console sees it. `amount` in R$. */
export const adminLevelReward = z.object({
  level: z.number().int(),
  amount: z.number(),
  /** How many players have been paid it. */
  paid: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminLevelReward = z.infer<typeof adminLevelReward>;

/** GET /api/admin/level-rewards: lowest level first. */
export const adminLevelRewardsResponse = z.object({ rewards: z.array(adminLevelReward) });
export type AdminLevelRewardsResponse = z.infer<typeof adminLevelRewardsResponse>;

const rewardAmount = z
  .number()
  .positive('The amount must be greater than 0.')
  .max(1_000_000)
  .refine(hasAtMostTwoDecimals, { message: 'The amount has at most 2 decimals.' });

const rewardLevel = z
  .number()
  .int('The level is a whole number.')
  .min(2, 'Rewards start at level 2.')
  .max(MAX_LEVEL, `The highest level is ${MAX_LEVEL}.`);

/** POST /api/admin/level-rewards → 201 adminLevelReward. One reward per level, from level 2. */
export const createLevelRewardRequest = z.object({ level: rewardLevel, amount: rewardAmount });
export type CreateLevelRewardRequest = z.infer<typeof createLevelRewardRequest>;

/** The `{level}` of PATCH and DELETE /api/admin/level-rewards/{level}: a reward is named by its level. */
export const levelRewardParams = z.object({ level: z.coerce.number().pipe(rewardLevel) });

/** PATCH /api/admin/level-rewards/{level}: a new amount, for players who reach the level from now on. */
export const updateLevelRewardRequest = z.object({ amount: rewardAmount });
export type UpdateLevelRewardRequest = z.infer<typeof updateLevelRewardRequest>;
/* DELETE /api/admin/level-rewards/{level} → 200 adminLevelReward: the reward as it was. */
