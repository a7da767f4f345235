import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PublicLayout } from '../layout/PublicLayout';
import { HydrateFallback } from './HydrateFallback';
import { getSessionEndReason, useSession } from '@/lib/session';
import { paths } from '@/config/paths';

/**
 * Signed-in-only pages: without a stored username, go to /index (spec §2), or to /login right after the
 * player logged out (the logout's own navigation to /login would otherwise race this redirect).
 */
export function RequireSession() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session) return <Outlet />;
  // The survey page sends signed-out visitors to /login (spec §2, Survey page).
  const toLogin = getSessionEndReason() === 'logout' || /^\/cpx\/?$/i.test(pathname);
  return <Navigate to={toLogin ? paths.login : paths.landing} replace />;
}

/** The landing page is for visitors; a signed-in player goes to /earn. */
export function RedirectIfSignedIn() {
  const session = useSession();
  return session ? <Navigate to={paths.earn} replace /> : <Outlet />;
}

/** The signed-in shell, its own chunk (the router's signed-in branch loads the same one). */
const AppLayout = lazy(async () => ({ default: (await import('../layout/AppLayout')).AppLayout }));

/** Pages open to everyone: the signed-in shell for a player, the public one (no sidebar) for a visitor. */
export function ShellForSession() {
  const session = useSession();
  if (!session) return <PublicLayout contained />;
  return (
    <Suspense fallback={<HydrateFallback />}>
      <AppLayout />
    </Suspense>
  );
}
