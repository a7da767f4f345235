import { z } from 'zod';
import { referralTotals } from './auth.ts';

// Schemas of the player's offers endpoints: walls, the survey frame, held credits and referrals.
// The admin console's wall settings are in wall-settings.ts, the postback log in postbacks.ts.

export const wallKinds = ['offerwall', 'survey'] as const;
export type WallKind = (typeof wallKinds)[number];

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
  ...referralTotals.shape,
});
export type ReferralsResponse = z.infer<typeof referralsResponse>;
