import { z } from 'zod';

/** A Roblox username: 3–20 letters, digits or underscores. Surrounding spaces are trimmed. */
export const robloxUsername = z
  .string()
  .trim()
  .min(1, 'Please enter a Roblox username.')
  .max(20, 'A Roblox username has at most 20 characters.')
  .regex(/^[A-Za-z0-9_]+$/, 'A Roblox username has only letters, digits and underscores.');

export const loginRequest = z.object({
  username: robloxUsername,
  ref: z.string().trim().max(20).optional().nullable(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** How the signed-in player is named: the Roblox username, display name and user id. */
export const playerNames = z.object({
  username: z.string(),
  displayName: z.string(),
  robloxId: z.number(),
});

/** The friends a player brought (signed up with their link) and the R$ earned from them. */
export const referralTotals = z.object({
  referralsMade: z.number(),
  referralsEarned: z.number(),
});

export const sessionUser = z.object({ ...playerNames.shape, ...referralTotals.shape });
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const robloxLookupRequest = z.object({ username: robloxUsername });
export const robloxLookupResponse = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), displayName: z.string() })),
});
export type RobloxLookupResponse = z.infer<typeof robloxLookupResponse>;
