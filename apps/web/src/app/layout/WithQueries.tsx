import { Outlet } from 'react-router';
import { QueryScope } from '@/lib/query-scope';

/** The routes below it, inside the query client's scope (lib/query-scope.tsx). */
export function WithQueries() {
  return (
    <QueryScope>
      <Outlet />
    </QueryScope>
  );
}
