import { randomBytes } from 'node:crypto';
import { resolve as resolvePath } from 'node:path';
import { z } from 'zod';
import { withdrawalMethods, type WithdrawalMethod } from '@rewards/contracts';
import { parseAllowList } from './shared/addresses.ts';
import { isTimeZone } from './shared/clock.ts';

const url = z.string().url();
const intFrom = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
/** A link a visitor opens: http(s) only (never `javascript:` or `data:`), https in production (checked below). */
const webLink = url.max(500).refine((v) => /^https?:\/\//i.test(v), 'expected an http(s) link');

/**
 * Development and test values of the operator settings: on `.localhost` names and worded so nobody
 * takes them for a real operator. Production refuses them (and any other placeholder).
 */
export const DEV_OPERATOR = {
  OPERATOR_NAME: 'Local development site (no operator set)',
  OPERATOR_ADDRESS: 'No address set (local development)',
  CONTACT_EMAIL: 'operator@rewards.localhost',
  COMMUNITY_URL: 'http://community.localhost/',
} as const;

/** The settings production requires to name and reach the operator. */
const OPERATOR_SETTINGS = ['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'CONTACT_EMAIL', 'COMMUNITY_URL'] as const;
const SOCIAL_SETTINGS = ['SOCIAL_YOUTUBE_URL', 'SOCIAL_TIKTOK_URL', 'SOCIAL_X_URL'] as const;

/**
 * A value copied from an example rather than filled in: a development default, a word that marks a
 * placeholder, or a name reserved for documentation or this machine (example.com, *.localhost, *.invalid).
 */
export function isPlaceholder(value: string): boolean {
  if ((Object.values(DEV_OPERATOR) as string[]).includes(value)) return true;
  if (/place-?holder|change-?me|replace-?me|your[-_ ](name|address|e-?mail|invite|server)/i.test(value))
    return true;
  const host = /@([^@\s]+)$/.exec(value)?.[1] ?? (/^https?:\/\//i.test(value) ? new URL(value).hostname : '');
  return /(^|\.)(example\.(com|net|org)|localhost|invalid)$/i.test(host.replace(/\.$/, ''));
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL connections per server process (concurrent transactions); unused with SQLite. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must have at least 12 characters').optional(),
  PUBLIC_URL: url.optional(),
  /**
   * Who runs the site and how to reach them (Help, Terms, Privacy, the footer). Required in production;
   * the defaults below say plainly that nobody was named, so they are refused there too.
   */
  OPERATOR_NAME: z.string().trim().min(2).max(200).default(DEV_OPERATOR.OPERATOR_NAME),
  OPERATOR_ADDRESS: z.string().trim().min(5).max(300).default(DEV_OPERATOR.OPERATOR_ADDRESS),
  CONTACT_EMAIL: z.email().max(200).default(DEV_OPERATOR.CONTACT_EMAIL),
  /** The community chat's invite (support, giveaway winners); also the Discord social's link. */
  COMMUNITY_URL: webLink.default(DEV_OPERATOR.COMMUNITY_URL),
  /** The site's pages on these networks; a social is offered (and paid) only when its link is set. */
  SOCIAL_YOUTUBE_URL: webLink.optional(),
  SOCIAL_TIKTOK_URL: webLink.optional(),
  SOCIAL_X_URL: webLink.optional(),
  ROBLOX_USERS_API: url.default('https://users.roblox.com'),
  ROBLOX_THUMBNAILS_API: url.default('https://thumbnails.roblox.com'),
  ROBLOX_GAMEPASS_API: url.default('https://apis.roblox.com'),
  ROBLOX_ECONOMY_API: url.default('https://economy.roblox.com'),
  ROBLOX_INVENTORY_API: url.default('https://inventory.roblox.com'),
  ROBLOX_GROUPS_API: url.default('https://groups.roblox.com'),
  ROBLOX_TIMEOUT_MS: intFrom(5000),
  PAYOUT_MODE: z.enum(['manual', 'roblox']).default('manual'),
  ROBLOX_PAYOUT_COOKIE: z.string().optional(),
  /** The Roblox user id of the payout account (whose inventory tells whether a pass was bought). */
  ROBLOX_PAYOUT_USER_ID: z.coerce.number().int().positive().default(1),
  /** How withdrawals reach players: `gamepass`, `group` or both (comma-separated); the first is the default. */
  PAYOUT_METHODS: z
    .string()
    .default('gamepass')
    .transform((text, ctx) => {
      const methods = [
        ...new Set(
          text
            .split(',')
            .map((m) => m.trim())
            .filter(Boolean),
        ),
      ];
      if (methods.length === 0 || methods.some((m) => !withdrawalMethods.includes(m as WithdrawalMethod))) {
        ctx.addIssue({
          code: 'custom',
          message: `expected gamepass, group or both separated by a comma, got "${text}"`,
        });
        return z.NEVER;
      }
      return methods as WithdrawalMethod[];
    }),
  /** The Roblox group that pays group payouts (the payout account must be allowed to spend its funds). */
  ROBLOX_PAYOUT_GROUP_ID: z.coerce.number().int().positive().optional(),
  /**
   * Key (at least 32 characters) that seals a payout cookie stored from the admin console (AES-256-GCM).
   * Unset: the console cannot store one, and ROBLOX_PAYOUT_COOKIE is the only cookie.
   */
  PAYOUT_SECRET_KEY: z.string().min(32, 'PAYOUT_SECRET_KEY must have at least 32 characters').optional(),
  /** How often the in-process payout worker looks for work with PAYOUT_MODE=roblox; 0 = only the standalone worker. */
  PAYOUT_INTERVAL_MS: intFrom(5000),
  DISCORD_WEBHOOK_URL: url.optional(),
  /** CPX Research's app id; unset: the CPX wall reads "Coming soon". */
  CPX_APP_ID: z.string().optional(),
  CPX_SECURE_HASH: z.string().optional(),
  REFERRAL_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** Hours an offer or survey credit waits before it can be withdrawn (a fraudulent one is charged back meanwhile). */
  OFFER_HOLD_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(24),
  /** R$: offer and survey credits under this are available at once. */
  HOLD_EXEMPT_BELOW: z.coerce.number().min(0).max(1_000_000).default(5),
  MIN_WITHDRAWAL: intFrom(5),
  MAX_WITHDRAWAL: intFrom(10000),
  /**
   * The landing page shows the site's measured figures (R$ paid out, rewards credited, players paid)
   * once this many withdrawals were paid; until then its cards say what a new player gets.
   */
  PUBLIC_FIGURES_MIN_PAYOUTS: z.coerce.number().int().min(1).max(10_000_000).default(100),
  /** A rating out of 5 the landing page shows, with SITE_RATING_SOURCE (where it was given): both or neither. */
  SITE_RATING: z.coerce.number().min(0).max(5).optional(),
  SITE_RATING_SOURCE: url
    .refine((u) => u.startsWith('https://'), 'SITE_RATING_SOURCE must be an https URL')
    .optional(),
  /**
   * Withdrawals pause while more than this share (%) of a player's offer and survey credits of the last
   * 90 days was reversed by the provider (by count or by R$); 100 turns the rule off.
   */
  MAX_REVERSAL_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /**
   * The operator's economics (the console's Economics section): what one Robux costs the operator in
   * USD (the console can set another cost from a day on), the currency the console shows money in,
   * and the USD → EUR rate the operator sets (no exchange-rate service is asked).
   */
  ROBUX_COST_USD: z.coerce.number().positive().max(1).default(0.0035),
  OPERATOR_CURRENCY: z.enum(['USD', 'EUR']).default('USD'),
  OPERATOR_USD_TO_EUR: z.coerce.number().positive().max(100).default(0.92),
  /** Warnings: the last 7 days' margin under this share (%) of revenue. */
  ECONOMICS_MIN_MARGIN_PERCENT: z.coerce.number().min(-1000).max(100).default(20),
  /** Warnings: a wall whose last 7 days' reversals pass this share (%) of its completions… */
  ECONOMICS_MAX_WALL_REVERSAL_PERCENT: z.coerce.number().min(0).max(100).default(15),
  /** …once it has at least this many completions in those days. */
  ECONOMICS_MIN_WALL_COMPLETIONS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** An account's first withdrawal (none paid yet) waits for an admin's review. */
  REVIEW_FIRST_WITHDRAWAL: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
    .default('true')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  /** R$: a withdrawal of more than this waits for an admin's review. */
  REVIEW_ABOVE: intFrom(500),
  /** A withdrawal by a Roblox account younger than this (days, from Roblox's `created`) waits for review; 0: off. */
  MIN_ACCOUNT_AGE_DAYS: z.coerce.number().int().min(0).max(3650).default(14),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  /**
   * `true` (default): once an account has proven its owner (bio check, Sign in with Roblox), typing its
   * name opens nothing without proof; the owner may still turn that off for their account.
   */
  PROTECT_PROVEN_ACCOUNTS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
    .default('true')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  /** Sign in with Roblox (OpenID Connect): both set, or neither (no button). */
  ROBLOX_OAUTH_CLIENT_ID: z.string().max(200).optional(),
  ROBLOX_OAUTH_CLIENT_SECRET: z.string().max(500).optional(),
  /** The OpenID Connect issuer (discovery at <issuer>/.well-known/openid-configuration); the stand-in in tests. */
  ROBLOX_OAUTH_ISSUER: url.default('https://apis.roblox.com/oauth/'),
  /** `false`: ADMIN_PASSWORD no longer signs in (once named staff exist); `true` (default): it signs in as the owner. */
  ADMIN_BOOTSTRAP: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
    .default('true')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  /** R$: a moderator approves review-queue withdrawals up to this; above it only the owner can. */
  MODERATOR_APPROVE_LIMIT: intFrom(500),
  /** New accounts one browser (device id cookie) may create; 0: no limit. Existing accounts still sign in. */
  MAX_ACCOUNTS_PER_DEVICE: z.coerce.number().int().min(0).max(1_000_000).default(3),
  /** New accounts one sign-in address (IPv6: one /64) may create; 0 (default): no limit. */
  MAX_ACCOUNTS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /**
   * Key of the keyed hash (HMAC-SHA256) that sign-in addresses and device ids are stored as. Unset: a
   * random key made once and kept in the database (table server_secrets), shared by every process.
   */
  SIGNAL_HASH_KEY: z.string().min(32, 'SIGNAL_HASH_KEY must have at least 32 characters').optional(),
  /** Requests a minute per client address on player sign-in, bio verification and postbacks. */
  RATE_LIMIT_LOGIN_PER_MINUTE: intFrom(20),
  RATE_LIMIT_VERIFY_PER_MINUTE: intFrom(10),
  RATE_LIMIT_POSTBACK_PER_MINUTE: intFrom(3000),
  /** Avatar requests a minute per address that need Roblox (answers from the cache are not counted). */
  RATE_LIMIT_AVATAR_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Promo code redemptions a minute per address (on top of 30 a minute per player). */
  RATE_LIMIT_PROMO_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Promo codes and the daily claim need one completed offer first (users.offers_completed >= 1). */
  BONUSES_REQUIRE_OFFER: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  /** Cloudflare Turnstile on sign-in and claims: both keys, or neither (no human check). */
  TURNSTILE_SITE_KEY: z.string().max(200).optional(),
  TURNSTILE_SECRET_KEY: z.string().max(200).optional(),
  /** Where Turnstile tokens are checked (a local stand-in in tests). */
  TURNSTILE_VERIFY_URL: url.default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  /** With it, rate-limit counters are shared by all server processes through Redis. */
  REDIS_URL: z.string().url().optional(),
  /**
   * Server processes serving the site in all, every machine together (start:cluster raises it to its
   * worker count). More than one on PostgreSQL in production needs REDIS_URL for shared limits.
   */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Bearer token that opens /metrics; without it /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Which proxies' X-Forwarded-For is believed (the caller's address for limits and postback
   * allow-lists): `loopback`, `linklocal`, `uniquelocal`, addresses and CIDR ranges, comma-separated;
   * `none` believes no header.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback,linklocal,uniquelocal')
    .transform((text, ctx) => {
      const entries = text
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      if (entries.length === 1 && entries[0] === 'none') return [];
      const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
      const bad = entries.find((e) => !named.has(e) && 'invalid' in parseAllowList([e]));
      if (bad !== undefined || entries.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `expected none, or loopback, linklocal, uniquelocal, addresses and CIDR ranges separated by commas, got "${bad ?? text}"`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  /** Days the postback log keeps rows that moved no money (held ones and credits are kept). */
  POSTBACK_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Days a sign-in address hash or device id is kept after the account last signed in with it. */
  SIGN_IN_SIGNAL_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** `off`: no live feed (its endpoints answer 404 and the web hides it). */
  LIVE_FEED: z.enum(['on', 'off']).default('on'),
  /** Open live-feed streams one process serves; more are refused (503 LIVE_FEED_FULL) and the web polls. */
  LIVE_FEED_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(2000),
  /**
   * Open live-feed streams one process serves to one address (its network: an IPv6 /64 is one), so a
   * single caller cannot take every place; beyond it the same 503 LIVE_FEED_FULL, and the web polls.
   */
  LIVE_FEED_MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Days (the daily streak, the console's per-day figures) begin at midnight in this IANA time zone;
   * a name Intl does not know stops the start.
   */
  SITE_TIME_ZONE: z
    .string()
    .trim()
    .default('Europe/Brussels')
    .refine(isTimeZone, {
      error: (issue) => `expected an IANA time zone such as Europe/Brussels, got "${String(issue.input)}"`,
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A relative folder is taken from the working directory (the static file server needs a full path). */
  WEB_DIST: z
    .string()
    .trim()
    .min(1)
    .transform((folder) => resolvePath(folder))
    .optional(),
  /**
   * Event-loop delay (ms) above which requests are turned away with 503 OVERLOADED (and Retry-After)
   * until the process catches up, instead of every request waiting; 0 turns this off.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How long a stop (SIGTERM, or an uncaught error) waits for requests in flight before exiting anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** SQLite: the folder the server copies the database into (unset: `backups/` beside the database). */
  BACKUP_DIR: z.string().optional(),
  /** SQLite: seconds between the server's copies of the database (the recovery point); 0 = none. */
  BACKUP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** SQLite: how many of the newest copies the server keeps in BACKUP_DIR (older ones are removed). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(100_000).default(60),
});

/**
 * Plain http only for an OpenID issuer on this machine outside production (the Roblox stand-in in
 * development and tests): anywhere else the id token and the code exchange would travel in clear.
 */
export function oauthIssuerMayBeHttp(nodeEnv: string, issuer: URL): boolean {
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
  return issuer.protocol === 'http:' && loopback && nodeEnv !== 'production';
}

export type Env = z.infer<typeof schema> & { ADMIN_PASSWORD: string; adminPasswordGenerated: boolean };

/**
 * Reads and validates the configuration once. A missing or malformed value stops the start
 * with a message that names it.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production') {
    const missing = (['ADMIN_PASSWORD', 'PUBLIC_URL'] as const).filter((k) => !env[k]);
    if (env.PAYOUT_MODE === 'roblox' || env.PAYOUT_METHODS.includes('group')) {
      // Without the payout account's own id, "does it already own this pass" asks about someone else;
      // group payouts need the cookie even when paid by hand (Roblox answers eligibility to members only).
      for (const k of ['ROBLOX_PAYOUT_COOKIE', 'ROBLOX_PAYOUT_USER_ID'] as const) {
        if (!cleaned[k]) missing.push(k as never);
      }
    }
    for (const k of OPERATOR_SETTINGS) if (!cleaned[k]) missing.push(k as never);
    if (missing.length) throw new Error(`Missing required configuration: ${missing.join(', ')}`);
    const placeholders = [...OPERATOR_SETTINGS, ...SOCIAL_SETTINGS].filter((k) => {
      const value = env[k];
      return value !== undefined && isPlaceholder(value);
    });
    if (placeholders.length) {
      throw new Error(
        `Invalid configuration:\n${placeholders.map((k) => `  ${k}: a placeholder ("${env[k]}"); set the real value`).join('\n')}`,
      );
    }
    const plain = (['COMMUNITY_URL', ...SOCIAL_SETTINGS] as const).filter((k) => env[k]?.startsWith('http:'));
    if (plain.length) {
      throw new Error(`Invalid configuration:\n${plain.map((k) => `  ${k}: must be https`).join('\n')}`);
    }
    if (env.SERVER_PROCESSES > 1 && /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '') && !env.REDIS_URL) {
      throw new Error(
        `Missing required configuration: REDIS_URL (${env.SERVER_PROCESSES} server processes on PostgreSQL ` +
          'count their rate limits together in Redis; without it each process would allow the full limit)',
      );
    }
  }
  // Outside production a random admin password is made and printed at start, so none is ever a default.
  if (Boolean(env.TURNSTILE_SITE_KEY) !== Boolean(env.TURNSTILE_SECRET_KEY)) {
    throw new Error(
      'Invalid configuration:\n  TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY: set both (human check on) or neither (off)',
    );
  }
  if (env.PAYOUT_METHODS.includes('group') && !env.ROBLOX_PAYOUT_GROUP_ID) {
    throw new Error(
      'Invalid configuration:\n  ROBLOX_PAYOUT_GROUP_ID: required when PAYOUT_METHODS includes group (the group that pays)',
    );
  }
  const issuer = new URL(env.ROBLOX_OAUTH_ISSUER);
  if (issuer.protocol !== 'https:' && !oauthIssuerMayBeHttp(env.NODE_ENV, issuer)) {
    throw new Error(
      'Invalid configuration:\n  ROBLOX_OAUTH_ISSUER: must be https (plain http only for a stand-in on this machine outside production)',
    );
  }
  if ((env.SITE_RATING === undefined) !== !env.SITE_RATING_SOURCE) {
    throw new Error(
      'Invalid configuration:\n  SITE_RATING, SITE_RATING_SOURCE: set both (a rating and the page where it was given) or neither',
    );
  }
  if (Boolean(env.ROBLOX_OAUTH_CLIENT_ID) !== Boolean(env.ROBLOX_OAUTH_CLIENT_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  ROBLOX_OAUTH_CLIENT_ID, ROBLOX_OAUTH_CLIENT_SECRET: set both (Sign in with Roblox on) or neither (off)',
    );
  }
  const generated = !env.ADMIN_PASSWORD;
  return {
    ...env,
    ADMIN_PASSWORD: env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url'),
    adminPasswordGenerated: generated,
  };
}
