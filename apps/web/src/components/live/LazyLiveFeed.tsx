import { Suspense } from 'react';
import { useIdle } from '@/lib/hydration';
import { lazyWithQueries } from '@/lib/lazy-with-queries';

// The feed shows only once its first answer is in, so its code (and TanStack Query's observers)
// can load beside the page instead of before it: the landing page's JavaScript budget
// (e2e/web-speed.test.ts).
const LiveFeed = lazyWithQueries(() => import('./LiveFeed').then((mod) => mod.LiveFeed));

export function LazyLiveFeed({ className }: { className?: string }) {
  // Not in the build's prerendered landing page (its code is not there when that page hydrates),
  // nor in the tasks that paint a page: it arrives when the browser is idle.
  const idle = useIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <LiveFeed className={className} />
    </Suspense>
  );
}
