import { lazy, Suspense } from 'react';

// The footer sits below the fold of every page: it loads beside the page instead of delaying the
// first paint (the landing page's JavaScript budget, e2e/web-speed.test.ts).
const Footer = lazy(() => import('./Footer').then((mod) => ({ default: mod.Footer })));

export function LazyFooter() {
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  );
}
