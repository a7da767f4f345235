import type { ComponentType } from 'react';
import { componentOf, moduleOf, pageRoutes, type PageName } from '@/config/paths';

type PageModule = Record<string, ComponentType>;

/** Every page module, each its own chunk, loaded when its route is first visited. */
const modules = import.meta.glob<PageModule>('../../features/*/components/*Page.tsx');

/** Route-level code splitting: the `lazy` of a page's route, from the module config/paths.ts names. */
function page(name: PageName) {
  const module = moduleOf(name);
  const load = modules[`../../${module}`];
  if (!load) throw new Error(`No page module ${module} for the page ${name}.`);
  const exportName = componentOf(name);
  return async () => {
    const Component = (await load())[exportName];
    if (!Component) throw new Error(`Page component ${exportName} is missing.`);
    return { Component };
  };
}

export const pages = Object.fromEntries(
  (Object.keys(pageRoutes) as PageName[]).map((name) => [name, page(name)]),
) as Record<PageName, ReturnType<typeof page>>;
