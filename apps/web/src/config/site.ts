/** Site-wide constants. Who runs the site and how to reach them are server settings (`GET /api/config`). */
export const SITE_NAME = 'RBXRewards';

/**
 * The community chat's name in sentences ("Join our Discord server"). Its invite is the server's
 * COMMUNITY_URL, read from `GET /api/config` (lib/site-config.ts).
 */
export const COMMUNITY_CHAT_NAME = 'Discord';

/** Balance polling interval (spec §9). */
export const BALANCE_POLL_MS = 15_000;

export const COPYRIGHT_YEAR = 2025;

/** When the terms and the privacy policy last changed (shown as "November 2026", in the language). */
export const LEGAL_LAST_UPDATED = '2026-11-29';
