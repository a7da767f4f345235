import { pageRoutes, type PageName } from '@rewards/contracts/pages';

/**
 * The site's pages are one list shared with the server (packages/contracts/src/pages.ts): the router
 * (app/router.tsx), the page loaders (app/routes/pages.ts), the navigation (config/navigation.ts),
 * links (`paths`) and the build (vite.config.ts) read it from here, and the server answers 404 for
 * any other path. Imported straight from its file, so the start-up code does not take the schemas.
 */
export { HOME, pageRoutes, paths, segmentOf, type PageName } from '@rewards/contracts/pages';

/** The page's module, from src/. */
export function moduleOf(name: PageName): string {
  const [feature, component] = pageRoutes[name].page.split('/');
  return `features/${feature}/components/${component}.tsx`;
}

/** The name of the component the page's module exports. */
export function componentOf(name: PageName): string {
  return pageRoutes[name].page.split('/')[1]!;
}
