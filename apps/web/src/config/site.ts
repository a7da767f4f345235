/** Site-wide constants. Placeholders are marked; replace them before launch. */
export const SITE_NAME = 'RBXRewards';

/**
 * Invite link of the community chat server (support tickets, giveaway winners).
 * Placeholder: set VITE_COMMUNITY_CHAT_URL at build time to the real invite.
 */
export const COMMUNITY_CHAT_URL: string =
  import.meta.env.VITE_COMMUNITY_CHAT_URL ?? 'https://discord.gg/rbxrewards-placeholder';

export const COMMUNITY_CHAT_NAME = 'Discord';

/** Balance polling interval (spec §9). */
export const BALANCE_POLL_MS = 15_000;

export const COPYRIGHT_YEAR = 2025;

/** When the terms and the privacy policy last changed (shown as "August 2025", in the language). */
export const LEGAL_LAST_UPDATED = '2025-08-15';
