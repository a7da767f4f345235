import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { onSessionExpired } from '@/lib/api-client';
import { useIdle } from '@/lib/hydration';
import { useLocale } from '@/lib/i18n';
import { m } from '@/paraglide/messages.js';
import { createAppRouter } from './router';

// The toaster loads after the first render, off the landing page's critical path; toasts raised
// before it mounts are shown when it subscribes (sonner replays active toasts).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

// Toasts start below the sticky top bar (h-16, 64 px) at every width, so its menu button, balance and
// account menu stay usable while one shows (index.css keeps their slide below it too).
const TOASTS_BELOW_TOP_BAR = { top: 72 };

export function App() {
  const [router] = useState(createAppRouter);
  // A new language renders every page again: the router's tree is mounted afresh (no reload).
  const locale = useLocale();

  useEffect(
    () =>
      onSessionExpired(() => {
        void import('sonner').then(({ toast }) =>
          toast.info(m.app_session_ended(), { description: m.app_session_ended_hint() }),
        );
      }),
    [],
  );

  return (
    <>
      <RouterProvider key={locale} router={router} />
      <LazyToaster />
    </>
  );
}

/**
 * The toaster mounts once the browser is idle (never in the build's prerendered pages). The check
 * lives here, so the render that follows is this component's alone, not the router's and page's.
 */
function LazyToaster() {
  const idle = useIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        theme="dark"
        position="top-center"
        offset={TOASTS_BELOW_TOP_BAR}
        mobileOffset={TOASTS_BELOW_TOP_BAR}
        richColors
        closeButton
      />
    </Suspense>
  );
}
