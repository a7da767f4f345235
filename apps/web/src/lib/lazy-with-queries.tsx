import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a component that uses TanStack Query where nothing above it may provide the
 * client (the landing page's shell): the component and the query client's scope load together,
 * after the page's first paint, and it renders inside that scope.
 */
export function lazyWithQueries<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { QueryScope }] = await Promise.all([load(), import('./query-scope')]);
    return {
      default: (props: P) => (
        <QueryScope>
          <Component {...props} />
        </QueryScope>
      ),
    };
  });
}
