/*
 * Environment shared by the ways tests start the server: in-process (test-app.ts), as a child process
 * (crash and multi-process tests) and as the browser journeys' stack (e2e/support/stack.ts).
 */

/** Every Roblox API the server calls, at one base URL (a stand-in serves them all). */
export const robloxApisAt = (url: string) => ({
  ROBLOX_USERS_API: url,
  ROBLOX_THUMBNAILS_API: url,
  ROBLOX_GAMEPASS_API: url,
  ROBLOX_ECONOMY_API: url,
  ROBLOX_INVENTORY_API: url,
  ROBLOX_GROUPS_API: url,
});

/**
 * Tests sign many players in, and open many live-feed streams, from one address, on a busy machine; the
 * limits have tests of their own.
 */
export const RAISED_LIMITS = {
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  RATE_LIMIT_VERIFY_PER_MINUTE: '100000',
  RATE_LIMIT_POSTBACK_PER_MINUTE: '100000',
  LIVE_FEED_MAX_STREAMS_PER_ADDRESS: '100000',
  // A machine busy with the rest of the suite lags; load shedding has a test of its own (defences).
  MAX_EVENT_LOOP_DELAY_MS: '0',
};

/**
 * Credits are paid and withdrawals go to payment at once: holds and review have suites of their own
 * (offer-holds.test.ts, withdrawal-rules.test.ts). For runs of hundreds of withdrawals in seconds,
 * which would pass REVIEW_ABOVE's 24-hour total.
 */
export const NO_HOLDS_OR_REVIEW = {
  OFFER_HOLD_HOURS: '0',
  REVIEW_FIRST_WITHDRAWAL: 'false',
  REVIEW_ABOVE: '100000000',
};

/**
 * A named, reachable operator and every social's link, as on a configured site: production refuses
 * to start without the first four, and a social without a link is not offered.
 */
export const SITE_OPERATOR = {
  OPERATOR_NAME: 'RBX Test Operations BV',
  OPERATOR_ADDRESS: 'Testlaan 1, 9000 Gent, Belgium',
  CONTACT_EMAIL: 'support@rbx.example',
  COMMUNITY_URL: 'https://chat.rbx.example/invite',
  SOCIAL_YOUTUBE_URL: 'https://video.rbx.example/@rbx',
  SOCIAL_TIKTOK_URL: 'https://clips.rbx.example/@rbx',
  SOCIAL_X_URL: 'https://micro.rbx.example/rbx',
};

/**
 * What a production server process (`server.ts`) runs with in the tests that start one: listening on
 * 127.0.0.1 (on `port`, when given here), on `databaseUrl`, every Roblox API at `standinUrl`, credits
 * paid and withdrawals sent to payment at once, the raised limits and a named operator; warnings and
 * errors logged.
 */
export const serverProcessEnv = (o: {
  port?: number;
  databaseUrl: string;
  standinUrl: string;
  adminPassword: string;
  cpxSecret: string;
}) => ({
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  ...(o.port === undefined ? {} : { PORT: String(o.port) }),
  LOG_LEVEL: 'warn',
  DATABASE_URL: o.databaseUrl,
  ADMIN_PASSWORD: o.adminPassword,
  ...robloxApisAt(o.standinUrl),
  CPX_SECURE_HASH: o.cpxSecret,
  ...NO_HOLDS_OR_REVIEW,
  ...RAISED_LIMITS,
  ...SITE_OPERATOR,
});
