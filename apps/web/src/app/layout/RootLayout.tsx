import { Outlet, ScrollRestoration } from 'react-router';
import { SkipLink } from '@/components/ui/SkipLink';
import { NavigationProgress } from './NavigationProgress';

export function RootLayout() {
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
