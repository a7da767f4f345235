/**
 * Every page of the site (spec §2, route table) in one list: its path, the module that renders it
 * (under src/, exporting a component named like the file), whether it needs a session, and whether
 * the build writes it a page with `modulepreload` links (the pages people open directly).
 *
 * Read by the router (app/router.tsx), the page loaders (app/routes/pages.ts), the navigation
 * (config/navigation.ts), links across the app (`paths`) and the build (vite.config.ts), so this
 * file imports nothing. Matching ignores case (/Daily and /daily reach the same page); links use
 * the lower-case paths written here.
 */
export const pageRoutes = {
  landing: {
    path: '/index',
    module: 'features/landing/components/LandingPage.tsx',
    session: false,
    preload: true,
  },
  login: { path: '/login', module: 'features/auth/components/LoginPage.tsx', session: false, preload: true },
  earn: { path: '/earn', module: 'features/earn/components/EarnPage.tsx', session: true, preload: true },
  admin: { path: '/admin', module: 'features/admin/components/AdminPage.tsx', session: true, preload: false },
  cpx: { path: '/cpx', module: 'features/cpx/components/CpxPage.tsx', session: true, preload: false },
  withdraw: {
    path: '/withdraw',
    module: 'features/withdraw/components/WithdrawPage.tsx',
    session: true,
    preload: true,
  },
  affiliates: {
    path: '/affiliates',
    module: 'features/affiliates/components/AffiliatesPage.tsx',
    session: true,
    preload: true,
  },
  leaderboard: {
    path: '/leaderboard',
    module: 'features/leaderboard/components/LeaderboardPage.tsx',
    session: true,
    preload: true,
  },
  transactions: {
    path: '/transactions',
    module: 'features/transactions/components/TransactionsPage.tsx',
    session: true,
    preload: false,
  },
  giveaways: {
    path: '/giveaways',
    module: 'features/giveaways/components/GiveawaysPage.tsx',
    session: true,
    preload: true,
  },
  daily: { path: '/daily', module: 'features/daily/components/DailyPage.tsx', session: true, preload: true },
  promocodes: {
    path: '/promocodes',
    module: 'features/promocodes/components/PromocodesPage.tsx',
    session: true,
    preload: false,
  },
  videos: {
    path: '/videos',
    module: 'features/videos/components/VideosPage.tsx',
    session: true,
    preload: false,
  },
  profile: {
    path: '/profile',
    module: 'features/profile/components/ProfilePage.tsx',
    session: true,
    preload: true,
  },
  help: { path: '/help', module: 'features/help/components/HelpPage.tsx', session: true, preload: false },
  terms: { path: '/terms', module: 'features/legal/components/TermsPage.tsx', session: true, preload: false },
  privacy: {
    path: '/privacy-policy',
    module: 'features/legal/components/PrivacyPolicyPage.tsx',
    session: true,
    preload: false,
  },
} as const satisfies Record<string, { path: string; module: string; session: boolean; preload: boolean }>;

export type PageName = keyof typeof pageRoutes;

/** The path of each page, for links: `paths.earn` is '/earn'. */
export const paths = Object.fromEntries(
  Object.entries(pageRoutes).map(([name, route]) => [name, route.path]),
) as { [Name in PageName]: (typeof pageRoutes)[Name]['path'] };

/** Where `/` goes. */
export const HOME = paths.landing;

/** The page's path without its leading slash: the router's segment and the build's file name. */
export function segmentOf(name: PageName): string {
  return pageRoutes[name].path.slice(1);
}
