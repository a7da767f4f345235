import type { Env } from '../../env.ts';

/**
 * The four socials of the spec (a video site, a short-video site, a community chat, a microblog),
 * each worth R$1.5 once per account. Their links are settings: a social whose link is not set is
 * neither listed nor paid. The Discord social is the community chat itself (COMMUNITY_URL), so the
 * invite lives in one setting.
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

type SocialSetting = 'SOCIAL_YOUTUBE_URL' | 'SOCIAL_TIKTOK_URL' | 'COMMUNITY_URL' | 'SOCIAL_X_URL';

const CATALOGUE: readonly (Omit<SocialConfig, 'url' | 'reward'> & { setting: SocialSetting })[] = [
  { id: 'youtube', name: 'YouTube', color: '#FF0000', setting: 'SOCIAL_YOUTUBE_URL' },
  { id: 'tiktok', name: 'TikTok', color: '#FE2C55', setting: 'SOCIAL_TIKTOK_URL' },
  { id: 'discord', name: 'Discord', color: '#5865F2', setting: 'COMMUNITY_URL', joined: true },
  { id: 'x', name: 'X', color: '#000000', setting: 'SOCIAL_X_URL' },
];

/** The socials whose link is set, in the spec's order. */
export function configuredSocials(env: Pick<Env, SocialSetting>): SocialConfig[] {
  return CATALOGUE.flatMap(({ setting, ...social }) => {
    const url = env[setting];
    return url ? [{ ...social, url, reward: SOCIAL_REWARD_CENTS }] : [];
  });
}

/** The social of this id, only when its link is set. */
export function findSocial(env: Pick<Env, SocialSetting>, id: string): SocialConfig | undefined {
  return configuredSocials(env).find((s) => s.id === id);
}

/** The ledger's idempotency key: one credit per social and account. */
export function socialKey(socialId: string, userId: number): string {
  return `social:${socialId}:${userId}`;
}
