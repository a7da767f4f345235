/**
 * Every page of the site (spec §2, route table) in one list: its path, the component that renders it
 * (`feature/Component`: apps/web/src/features/<feature>/components/<Component>.tsx, exporting
 * <Component>), who may open it, and whether the web build writes it a page with `modulepreload`
 * links (the pages people open directly).
 *
 * `session`: `true` needs a signed-in player (others go to /index), `false` is for everyone in the
 * public shell, `'optional'` is for everyone too, in the signed-in shell when there is a session
 * (Help, Terms and Privacy: public, unlike the spec, so a visitor or a parent reads them before
 * signing in).
 *
 * Read by the web (router, page loaders, navigation, links, build, language journey) and by the server,
 * which answers 404 for any other path (the web then shows its not-found page). It imports nothing:
 * the web's start-up code reads it without the schemas. Matching ignores case (/Daily and /daily reach
 * the same page); links use the lower-case paths written here.
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
  help: { path: '/help', page: 'help/HelpPage', session: 'optional', preload: false },
  terms: { path: '/terms', page: 'legal/TermsPage', session: 'optional', preload: false },
  privacy: { path: '/privacy-policy', page: 'legal/PrivacyPolicyPage', session: 'optional', preload: false },
} as const satisfies Record<
  string,
  { path: string; page: string; session: boolean | 'optional'; preload: boolean }
>;

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

const pagePaths = new Set<string>(['/', ...Object.values(pageRoutes).map((r) => r.path)]);

/**
 * The page the web shows at this path (a query string left off), as its router matches: any casing,
 * one trailing slash allowed; `/` redirects to HOME. The page's own path (lower case, no trailing
 * slash), or null for the not-found page.
 */
export function pagePathOf(pathname: string): string | null {
  const path = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).toLowerCase();
  return pagePaths.has(path) ? path : null;
}

/** Whether the web shows a page at this path (`pagePathOf`). */
export function isPagePath(pathname: string): boolean {
  return pagePathOf(pathname) !== null;
}
