/**
 * The four socials of the spec (a video site, a short-video site, a community chat, a microblog),
 * each worth R$1.5 once per account. The urls are placeholders: replace them with the real pages
 * before launch.
 */
export interface SocialConfig {
  id: string;
  name: string;
  /** Hundredths of R$. */
  reward: number;
  url: string;
  /** Brand colour, `#rrggbb`. */
  color: string;
  /** Joining a server (the ledger says "Joined our … server"), not following a page. */
  joined?: boolean;
}

export const SOCIAL_REWARD_CENTS = 150;

export const SOCIALS: readonly SocialConfig[] = [
  {
    id: 'youtube',
    name: 'YouTube',
    reward: SOCIAL_REWARD_CENTS,
    url: 'https://www.youtube.com/@rbxrewards-placeholder',
    color: '#FF0000',
  },
  {
    id: 'tiktok',
    name: 'TikTok',
    reward: SOCIAL_REWARD_CENTS,
    url: 'https://www.tiktok.com/@rbxrewards-placeholder',
    color: '#FE2C55',
  },
  {
    id: 'discord',
    name: 'Discord',
    reward: SOCIAL_REWARD_CENTS,
    url: 'https://discord.gg/rbxrewards-placeholder',
    color: '#5865F2',
    joined: true,
  },
  {
    id: 'x',
    name: 'X',
    reward: SOCIAL_REWARD_CENTS,
    url: 'https://x.com/rbxrewards_placeholder',
    color: '#000000',
  },
];

export function findSocial(id: string): SocialConfig | undefined {
  return SOCIALS.find((s) => s.id === id);
}

/** The ledger's idempotency key: one credit per social and account. */
export function socialKey(socialId: string, userId: number): string {
  return `social:${socialId}:${userId}`;
}
