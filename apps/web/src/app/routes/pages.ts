import type { ComponentType } from 'react';

type PageModule = Promise<Record<string, ComponentType>>;

/** Route-level code splitting: each page is loaded (as its own chunk) when first visited. */
function page(load: () => PageModule, exportName: string) {
  return async () => {
    const module = await load();
    const Component = module[exportName];
    if (!Component) throw new Error(`Page component ${exportName} is missing.`);
    return { Component };
  };
}

export const pages = {
  landing: page(() => import('@/features/landing/components/LandingPage'), 'LandingPage'),
  login: page(() => import('@/features/auth/components/LoginPage'), 'LoginPage'),
  earn: page(() => import('@/features/earn/components/EarnPage'), 'EarnPage'),
  admin: page(() => import('@/features/admin/components/AdminPage'), 'AdminPage'),
  cpx: page(() => import('@/features/cpx/components/CpxPage'), 'CpxPage'),
  withdraw: page(() => import('@/features/withdraw/components/WithdrawPage'), 'WithdrawPage'),
  affiliates: page(() => import('@/features/affiliates/components/AffiliatesPage'), 'AffiliatesPage'),
  leaderboard: page(() => import('@/features/leaderboard/components/LeaderboardPage'), 'LeaderboardPage'),
  transactions: page(() => import('@/features/transactions/components/TransactionsPage'), 'TransactionsPage'),
  giveaways: page(() => import('@/features/giveaways/components/GiveawaysPage'), 'GiveawaysPage'),
  daily: page(() => import('@/features/daily/components/DailyPage'), 'DailyPage'),
  promocodes: page(() => import('@/features/promocodes/components/PromocodesPage'), 'PromocodesPage'),
  videos: page(() => import('@/features/videos/components/VideosPage'), 'VideosPage'),
  profile: page(() => import('@/features/profile/components/ProfilePage'), 'ProfilePage'),
  help: page(() => import('@/features/help/components/HelpPage'), 'HelpPage'),
  terms: page(() => import('@/features/legal/components/TermsPage'), 'TermsPage'),
  privacy: page(() => import('@/features/legal/components/PrivacyPolicyPage'), 'PrivacyPolicyPage'),
};
