import { z } from 'zod';

// Schemas of the offers endpoints: walls, the survey frame, provider postbacks, holds and referrals.

export const wallKinds = ['offerwall', 'survey'] as const;
export type WallKind = (typeof wallKinds)[number];

/** How a wall's postbacks are verified: CPX Research's md5 hash, the generic HMAC-SHA256, or none accepted. */
export const postbackSchemes = ['cpx', 'hmac', 'none'] as const;
export type PostbackScheme = (typeof postbackSchemes)[number];

/**
 * How a postback's amount becomes R$: `local` (the provider already sends R$), `usd_rate`
 * (USD × the wall's rate in R$ per USD), `reward` (the provider's reward field is R$).
 */
export const amountModes = ['local', 'usd_rate', 'reward'] as const;
export type AmountMode = (typeof amountModes)[number];

/** One wall card. An empty `iframeSrc` means "Coming soon". Secrets never appear here. */
export const wallEntry = z.object({
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  iframeSrc: z.string(),
});
export type WallEntry = z.infer<typeof wallEntry>;

/** GET /api/walls (signed in): the active walls with the caller's frame URLs filled in. */
export const wallsResponse = z.object({
  offerwalls: z.array(wallEntry),
  surveys: z.array(wallEntry),
});
export type WallsResponse = z.infer<typeof wallsResponse>;

/** GET /api/cpx/frame (signed in): the CPX Research frame URL with the server-computed secure hash; '' when not configured. */
export const cpxFrameResponse = z.object({ src: z.string() });
export type CpxFrameResponse = z.infer<typeof cpxFrameResponse>;

/** GET /api/offers/pending (signed in): offer and survey credits still on hold, in R$. */
export const pendingResponse = z.object({ pendingRobux: z.number() });
export type PendingResponse = z.infer<typeof pendingResponse>;

/** GET /api/referrals (signed in). `referralsEarned` in R$. */
export const referralsResponse = z.object({
  link: z.string(),
  referralsMade: z.number(),
  referralsEarned: z.number(),
});
export type ReferralsResponse = z.infer<typeof referralsResponse>;

// ---- Provider postbacks: GET|POST /api/postback/{slug} (public, provider-facing) ----

export const postbackSlugParams = z.object({ slug: z.string().min(1).max(40) });

/** What happened to a stored postback (the admin console lists and replays them). */
export const postbackVerdicts = [
  'credited', // the credit was posted to the ledger
  'held', // the credit was recorded and waits for OFFER_HOLD_HOURS
  'duplicate', // a repeat of a credit or reversal already handled: nothing more
  'reversed', // a reversal took the credit back, cancelled its hold, or was recorded ahead of it
  'already_reversed', // a credit whose reversal had arrived first: not paid
  'bad_signature',
  'no_secret', // the wall has no secret (or accepts no postbacks): refused
  'unknown_wall',
  'unknown_user',
  'banned', // credits to a banned account are refused
  'invalid', // missing or malformed parameters
] as const;
export type PostbackVerdict = (typeof postbackVerdicts)[number];

const transId = z.string().trim().min(1, 'trans_id is required').max(100);
/** The player's numeric Roblox id. */
const robloxUserId = z
  .string()
  .trim()
  .regex(/^\d{1,19}$/, 'user_id must be a numeric Roblox id')
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n) && n > 0, 'user_id must be a numeric Roblox id');
const decimal = z
  .string()
  .trim()
  .regex(/^-?\d{1,12}(\.\d{1,8})?$/, 'must be a decimal number')
  .transform(Number);

/** CPX Research: status 1 = credit, 2 = reversal; hash = md5(`<trans_id>-<secret>`). */
export const cpxPostbackParams = z.object({
  status: z.enum(['1', '2'], { message: 'status must be 1 or 2' }),
  trans_id: transId,
  user_id: robloxUserId,
  amount_local: decimal.optional(),
  amount_usd: decimal.optional(),
  hash: z.string().trim().min(1, 'hash is required').max(200),
});
export type CpxPostbackParams = z.infer<typeof cpxPostbackParams>;

/**
 * The generic signed scheme: `sig` (or header `x-signature`) = hex HMAC-SHA256, keyed with the wall's
 * secret, of every other parameter sorted by name and joined as `k=v&k=v` (decoded values).
 * `status`: `credit`/`1` (default) or `reversal`/`2`.
 */
export const hmacPostbackParams = z.object({
  status: z
    .enum(['credit', 'reversal', '1', '2'], { message: 'status must be credit or reversal' })
    .default('credit'),
  trans_id: transId,
  user_id: robloxUserId,
  amount: decimal.optional(),
  amount_usd: decimal.optional(),
  amount_local: decimal.optional(),
  reward: decimal.optional(),
});
export type HmacPostbackParams = z.infer<typeof hmacPostbackParams>;
