/**
 * Every page of the site (spec §2, route table) in one list: its path, the component that renders it
 * (`feature/Component`: src/features/<feature>/components/<Component>.tsx, exporting <Component>),
 * whether it needs a session, and whether the build writes it a page with `modulepreload` links (the
 * pages people open directly).
 *
 * Read by the router (app/router.tsx), the page loaders (app/routes/pages.ts), the navigation
 * (config/navigation.ts), links across the app (`paths`) and the build (vite.config.ts), so this
 * file imports nothing. Matching ignores case (/Daily and /daily reach the same page); links use
 * the lower-case paths written here.
 */
export const pageRoutes = {
  landing: { path: '/index', page: 'landing/LandingPage', session: false, preload: true },
  login: { path: '/login', page: 'auth/LoginPage', session: false, preload: true },
  earn: { path: '/earn', page: 'earn/EarnPage', session: true, preload: true },
  admin: { path: '/admin', page: 'admin/AdminPage', session: true, preload: false },
  cpx: { path: '/cpx', page: 'cpx/CpxPage', session: true, preload: false },
  withdraw: { path: '/withdraw', page: 'withdraw/WithdrawPage', session: true, preload: true },
  affiliates: { path: '/affiliates', page: 'affiliates/AffiliatesPage', session: true, preload: true },
  leaderboard: { path: '/leaderboard', page: 'leaderboard/LeaderboardPage', session: true, preload: true },
  transactions: {
    path: '/transactions',
    page: 'transactions/TransactionsPage',
    session: true,
    preload: false,
  },
  giveaways: { path: '/giveaways', page: 'giveaways/GiveawaysPage', session: true, preload: true },
  daily: { path: '/daily', page: 'daily/DailyPage', session: true, preload: true },
  promocodes: { path: '/promocodes', page: 'promocodes/PromocodesPage', session: true, preload: false },
  videos: { path: '/videos', page: 'videos/VideosPage', session: true, preload: false },
  profile: { path: '/profile', page: 'profile/ProfilePage', session: true, preload: true },
  help: { path: '/help', page: 'help/HelpPage', session: true, preload: false },
  terms: { path: '/terms', page: 'legal/TermsPage', session: true, preload: false },
  privacy: { path: '/privacy-policy', page: 'legal/PrivacyPolicyPage', session: true, preload: false },
} as const satisfies Record<string, { path: string; page: string; session: boolean; preload: boolean }>;

export type PageName = keyof typeof pageRoutes;

/** The path of each page, for links: `paths.earn` is '/earn'. */
export const paths = Object.fromEntries(
  Object.entries(pageRoutes).map(([name, route]) => [name, route.path]),
) as { [Name in PageName]: (typeof pageRoutes)[Name]['path'] };

/** Where `/` goes. */
export const HOME = paths.landing;

/** The page's module, from src/. */
export function moduleOf(name: PageName): string {
  const [feature, component] = pageRoutes[name].page.split('/');
  return `features/${feature}/components/${component}.tsx`;
}

/** The name of the component the page's module exports. */
export function componentOf(name: PageName): string {
  return pageRoutes[name].page.split('/')[1]!;
}

/** The page's path without its leading slash: the router's segment and the build's file name. */
export function segmentOf(name: PageName): string {
  return pageRoutes[name].path.slice(1);
}
