import { Link } from 'react-router';
import { SITE_NAME } from '@/config/site';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';

/** The "R" of the site's mark, as public/favicon.svg (and so the app icons rendered from it) draws it. */
export const MARK_PATH =
  'M20 16h16a10 10 0 0 1 2.6 19.66L46 48h-9l-6.4-12H28v12h-8z M28 23v7h7a3.5 3.5 0 0 0 0-7z';

/** The site's mark: the favicon's, so the top bar, the browser tab and a home screen show one logo. */
function Mark() {
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      className="size-9 shrink-0 rounded-xl shadow-lg shadow-emerald-500/30 transition-transform group-hover:-rotate-6"
    >
      <rect width="64" height="64" rx="14" fill="#10b981" />
      <path d={MARK_PATH} fill="#020617" />
    </svg>
  );
}

/**
 * Logo mark and site name, linking home. `compact`: the name shows from sm up only (the signed-in top
 * bar on a phone keeps its room for the balance); screen readers hear it at every width.
 */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/"
      className="group flex shrink-0 items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-emerald-400"
    >
      <Mark />
      <span
        className={cn(
          'text-base font-black tracking-tight text-white sm:text-lg',
          compact && 'max-sm:sr-only',
        )}
      >
        RBX<span className="text-emerald-400">Rewards</span>
      </span>
      <span className="sr-only">{` (${m.app_brand_home({ site: SITE_NAME })})`}</span>
    </Link>
  );
}
