import { z } from 'zod';
import { wallKinds } from './offers.ts';

// The admin console's wall settings (admin cookie): how each wall's frame is built and its postbacks read.

/**
 * How a wall's postbacks are read and verified: one scheme per provider (docs/providers.md), the
 * generic HMAC-SHA256 of our own for providers not listed, or `none` (no postback accepted).
 */
export const postbackSchemes = [
  'lootably',
  'adgem',
  'torox',
  'adgate',
  'notik',
  'cpx',
  'bitlabs',
  'ayet',
  'hmac',
  'none',
] as const;
export type PostbackScheme = (typeof postbackSchemes)[number];

/**
 * How a postback's amount becomes R$: `local` (the provider already sends R$), `usd_rate`
 * (USD × the wall's rate in R$ per USD), `reward` (the provider's reward field is R$).
 */
export const amountModes = ['local', 'usd_rate', 'reward'] as const;
export type AmountMode = (typeof amountModes)[number];

/** A wall's slug names its postback URL `/api/postback/<slug>`: lower-case letters, digits and `-`. */
export const wallSlug = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'slug must be 1 to 40 lower-case letters, digits or -');

const isHttpsUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};
/** Empty ("Coming soon") or an https URL; placeholders such as `{userId}` are allowed in it. */
const iframeTemplate = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => s === '' || isHttpsUrl(s), 'iframeTemplate must be empty or an https URL');
/** Empty, an https URL, or a path on this site (`/walls/x.png`). */
const logoUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (s) => s === '' || isHttpsUrl(s) || /^\/(?![/\\])[^\s?#]*$/.test(s),
    'logoUrl must be empty, an https URL or a path starting with /',
  );
/** Write-only. '' clears it; otherwise 8 to 200 characters (a short secret makes forged postbacks easy). */
const wallSecretInput = z
  .string()
  .trim()
  .max(200)
  .refine((s) => s === '' || s.length >= 8, 'secret must be at least 8 characters (or empty to clear it)');
/**
 * R$ per USD: the conversion of the `usd_rate` amount mode; in the other modes the most R$ a USD of
 * the provider's payout may bring (a credit above it waits for review). 0: not checked.
 */
const wallRate = z.number().min(0, 'rate must be at least 0').max(1_000_000);
/**
 * Addresses and CIDR ranges (IPv4 and IPv6) the wall's postbacks may come from; empty: none, unless
 * `anyAddress`. The server checks each entry (a malformed one is refused with 400 naming it).
 */
const allowedIps = z.array(z.string().trim().min(1).max(64)).max(100, 'allowedIps takes at most 100 entries');
/** The most R$ one postback may credit without an admin's approval. */
const maxCredit = z
  .number()
  .min(0.01, 'maxCredit must be at least 0.01')
  .max(1_000_000, 'maxCredit must be at most 1000000');
/** Values of the frame template's placeholders (`{placementId}` → `placementId`), e.g. the provider's ids. */
const frameParams = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'frameParams names are letters, digits and _'),
    z.string().trim().max(200),
  )
  .refine((r) => Object.keys(r).length <= 20, 'frameParams takes at most 20 values');
/** What a successful postback is answered; '' = the provider's own (docs/providers.md). */
const successBody = z.string().trim().max(20);

const wallFields = {
  name: z.string().trim().min(1, 'name is required').max(80),
  logoUrl,
  kind: z.enum(wallKinds),
  iframeTemplate,
  postbackScheme: z.enum(postbackSchemes),
  secret: wallSecretInput,
  amountMode: z.enum(amountModes),
  rate: wallRate,
  allowedIps,
  /** Accept postbacks from any address while `allowedIps` is empty: for providers that publish none. */
  anyAddress: z.boolean(),
  maxCredit,
  frameParams,
  successBody,
  active: z.boolean(),
  sort: z.number().int().min(0).max(1_000_000),
};

/**
 * POST /api/admin/walls → 201 AdminWall; a slug in use → 409. Without `allowedIps` the wall gets its
 * provider's published addresses; without `iframeTemplate` and `frameParams`, its provider's frame.
 */
export const createWallRequest = z.strictObject({
  slug: wallSlug,
  name: wallFields.name,
  logoUrl: wallFields.logoUrl.default(''),
  kind: wallFields.kind,
  iframeTemplate: wallFields.iframeTemplate.optional(),
  postbackScheme: wallFields.postbackScheme,
  secret: wallFields.secret.optional(),
  amountMode: wallFields.amountMode,
  rate: wallFields.rate,
  allowedIps: wallFields.allowedIps.optional(),
  anyAddress: wallFields.anyAddress.default(false),
  maxCredit: wallFields.maxCredit.default(1000),
  frameParams: wallFields.frameParams.optional(),
  successBody: wallFields.successBody.default(''),
  active: wallFields.active.default(true),
  sort: wallFields.sort.optional(),
});
export type CreateWallRequest = z.infer<typeof createWallRequest>;

/**
 * PATCH /api/admin/walls/{slug} → AdminWall. Any of the fields; `secret` sets it ('' clears it),
 * `active` disables or enables the wall. The slug cannot change (it names the postback URL).
 */
export const updateWallRequest = z
  .strictObject({
    name: wallFields.name.optional(),
    logoUrl: wallFields.logoUrl.optional(),
    kind: wallFields.kind.optional(),
    iframeTemplate: wallFields.iframeTemplate.optional(),
    postbackScheme: wallFields.postbackScheme.optional(),
    secret: wallFields.secret.optional(),
    amountMode: wallFields.amountMode.optional(),
    rate: wallFields.rate.optional(),
    allowedIps: wallFields.allowedIps.optional(),
    anyAddress: wallFields.anyAddress.optional(),
    maxCredit: wallFields.maxCredit.optional(),
    frameParams: wallFields.frameParams.optional(),
    successBody: wallFields.successBody.optional(),
    active: wallFields.active.optional(),
    sort: wallFields.sort.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing to change');
export type UpdateWallRequest = z.infer<typeof updateWallRequest>;

export const wallSlugParams = z.object({ slug: wallSlug });

/**
 * What a wall still needs before it opens to players and can credit them: a frame, one of the
 * provider's ids its frame names (`name`: the placeholder; for CPX's `appId`, CPX_APP_ID), the
 * postback secret, or the addresses its postbacks may come from (or `anyAddress`).
 */
export const wallMissingItem = z.discriminatedUnion('what', [
  z.object({ what: z.literal('frame') }),
  z.object({ what: z.literal('providerId'), name: z.string() }),
  z.object({ what: z.literal('postbackSecret') }),
  z.object({ what: z.literal('allowedIps') }),
]);
export type WallMissingItem = z.infer<typeof wallMissingItem>;

/**
 * A wall as the admin sees it. The secret itself is never sent; `hasSecret` says whether one is set
 * (the wall's own, or for the `cpx` scheme the server's CPX_SECURE_HASH, its fallback).
 */
export const adminWall = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  kind: z.enum(wallKinds),
  iframeTemplate: z.string(),
  postbackScheme: z.enum(postbackSchemes),
  amountMode: z.enum(amountModes),
  rate: z.number(),
  allowedIps: z.array(z.string()),
  anyAddress: z.boolean(),
  maxCredit: z.number(),
  frameParams: z.record(z.string(), z.string()),
  successBody: z.string(),
  active: z.boolean(),
  sort: z.number(),
  hasSecret: z.boolean(),
  /**
   * The URL to paste into the provider's dashboard, with the provider's own macros and without the
   * parameters it appends itself; '' for the `none` scheme. For AdGate it carries the wall's secret
   * (AdGate signs nothing: the secret URL is the protection).
   */
  postbackUrl: z.string(),
  /** The placeholders of the frame template that take a value from `frameParams`. */
  frameParamNames: z.array(z.string()),
  /** What the wall still needs; empty: players can open it (when active) and it credits them. */
  missing: z.array(wallMissingItem),
});
export type AdminWall = z.infer<typeof adminWall>;

/** GET /api/admin/walls: every wall, active or not, in their order. */
export const adminWallsResponse = z.object({ walls: z.array(adminWall) });
export type AdminWallsResponse = z.infer<typeof adminWallsResponse>;
