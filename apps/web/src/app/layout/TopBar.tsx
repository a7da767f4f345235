import { lazy, Suspense } from 'react';
import { LogIn } from 'lucide-react';
import { ButtonLink } from '@/components/ui/Button';
import { LanguageMenu } from '@/components/ui/LanguageMenu';
import { m } from '@/paraglide/messages.js';
import { useHydrated } from '@/lib/hydration';
import { useSession } from '@/lib/session';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { paths } from '@/config/paths';
import { Brand } from './Brand';

// The signed-in controls (balance, Radix menu and drawer) load only for signed-in players.
const MobileNav = lazy(() => import('./MobileNav').then((m) => ({ default: m.MobileNav })));
// The controls also show in the landing page's shell the moment a player signs in, where no query
// client is provided yet.
const SignedInControls = lazyWithQueries(() => import('./SignedInControls').then((m) => m.SignedInControls));
const MOBILE_NAV_PLACE = <span className="size-10 md:hidden" />;
const CONTROLS_PLACE = <span className="h-9" />;

/**
 * Brand, balance, user menu or Sign In, and (with a sidebar) the mobile menu toggle. Signed in on a
 * 390 px phone the row holds the menu toggle, the mark, the language, the balance and the avatar.
 */
export function TopBar({ withSidebar }: { withSidebar: boolean }) {
  const session = useSession();
  // The signed-in controls are lazily loaded: the build's prerendered shell (src/prerender.tsx) holds
  // their places only.
  const hydrated = useHydrated();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-800/80 bg-slate-950/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 items-center gap-1.5 px-4 sm:gap-3 sm:px-6">
        {withSidebar && session && (
          <Suspense fallback={MOBILE_NAV_PLACE}>{hydrated ? <MobileNav /> : MOBILE_NAV_PLACE}</Suspense>
        )}
        <Brand compact={withSidebar && Boolean(session)} />
        <div className="ml-auto flex items-center gap-1.5 sm:gap-3">
          <LanguageMenu compact />
          {session ? (
            <Suspense fallback={CONTROLS_PLACE}>
              {hydrated ? <SignedInControls session={session} /> : CONTROLS_PLACE}
            </Suspense>
          ) : (
            // Under sm the icon gives way, so "Se connecter" fits beside the brand on a 390 px phone.
            <ButtonLink to={paths.login} size="sm" className="px-3 sm:px-4">
              <LogIn aria-hidden="true" className="hidden size-4 sm:block" /> {m.app_sign_in()}
            </ButtonLink>
          )}
        </div>
      </div>
    </header>
  );
}
