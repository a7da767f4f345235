import { z } from 'zod';

/** Who runs the site and how to reach them (OPERATOR_NAME, OPERATOR_ADDRESS, CONTACT_EMAIL, COMMUNITY_URL). */
export const siteOperator = z.object({
  name: z.string(),
  address: z.string(),
  /** A plain e-mail address (the web writes the `mailto:` link): support without a chat account. */
  email: z.string(),
  /** The community chat's invite (support tickets, giveaway winners, promo codes). */
  communityUrl: z.string(),
});
export type SiteOperator = z.infer<typeof siteOperator>;

/** `GET /api/config`: what the web app needs to know about the site's operator and optional defences. */
export const siteConfigResponse = z.object({
  operator: siteOperator,
  /** Cloudflare Turnstile site key; null when the human check is off. */
  turnstileSiteKey: z.string().nullable(),
  /** Promo codes and the daily claim open only after one completed offer (BONUSES_REQUIRE_OFFER). */
  bonusesRequireOffer: z.boolean(),
  /** SITE_TIME_ZONE: days (the daily streak, the console's per-day figures) begin at its midnight. */
  timeZone: z.string(),
});
export type SiteConfigResponse = z.infer<typeof siteConfigResponse>;

/** The request header that carries the Turnstile token of a sign-in or claim. */
export const HUMAN_CHECK_HEADER = 'x-turnstile-token';

/** Which call a Turnstile token was made for (the widget's `action`). */
export type HumanCheckAction = 'login' | 'daily' | 'promo';

export const HUMAN_CHECK_MESSAGES = {
  missing: 'Please complete the human check (the “Verify you are human” box), then try again.',
  failed: 'The human check did not pass or has expired. Please complete it again.',
  unavailable: 'The human check is not responding right now. Please try again in a moment.',
} as const;

export const OFFER_REQUIRED_MESSAGE =
  'Complete one offer first: promo codes and the daily reward unlock after your first completed offer.';
