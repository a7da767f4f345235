import { useState } from 'react';
import { Link2, Search } from 'lucide-react';
import type { AdminUserRow } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { DataTable } from '@/components/ui/DataTable';
import { pageCount, Pager } from '@/components/ui/Pager';
import { Panel } from '@/components/ui/Panel';
import { USERS_PAGE_SIZE, useUsers } from '../../api/users';
import { formatCount } from '../format';
import { UserLedgerDialog } from './UserLedgerDialog';
import { UserRow } from './UserRow';
import { useDebounced } from './useDebounced';

/**
 * The spec's User Management table: server-side name search (debounced) and paging, and a filter to
 * the accounts linked to another by a shared browser or sign-in address.
 */
export function UsersSection() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput.trim(), 300);
  const [linkedOnly, setLinkedOnly] = useState(false);
  const [pageState, setPageState] = useState({ search: '', linkedOnly: false, page: 1 });
  // A new search or filter starts at page 1.
  const page = pageState.search === search && pageState.linkedOnly === linkedOnly ? pageState.page : 1;
  const setPage = (next: number) => setPageState({ search, linkedOnly, page: next });
  const [ledgerUser, setLedgerUser] = useState<AdminUserRow | null>(null);

  const users = useUsers(search, page, linkedOnly);
  const total = users.data?.total ?? 0;
  const pages = pageCount(total, USERS_PAGE_SIZE);
  const rows = users.data?.users ?? [];

  return (
    <Panel
      title="User Management"
      description={
        users.data
          ? `${formatCount(total)} ${linkedOnly ? 'linked ' : ''}${total === 1 ? 'player' : 'players'}`
          : undefined
      }
      actions={
        <>
          <Button
            variant={linkedOnly ? 'primary' : 'secondary'}
            size="sm"
            className="h-10"
            aria-pressed={linkedOnly}
            onClick={() => setLinkedOnly((on) => !on)}
            title="Only accounts that share a browser or sign-in address with another account"
          >
            <Link2 aria-hidden="true" className="size-4" /> Linked accounts only
          </Button>
          <label className="relative block w-full sm:w-72">
            <span className="sr-only">Search users by name</span>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              type="search"
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
              placeholder="Search by username"
              maxLength={50}
              className="h-10 w-full rounded-xl border border-slate-700 bg-slate-950/60 pr-9 pl-9 text-sm text-white placeholder:text-slate-500 focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none"
            />
            {users.isFetching && !users.isPending && (
              <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-emerald-400" />
            )}
          </label>
        </>
      }
    >
      {users.isPending ? (
        <p className="py-6 text-sm text-slate-400">Loading users...</p>
      ) : users.isError && !users.data ? (
        <p role="alert" className="py-6 text-sm font-medium text-red-500">
          Failed to fetch users
        </p>
      ) : rows.length === 0 ? (
        <p className="py-6 text-sm text-slate-400">
          {linkedOnly ? 'No linked accounts found.' : 'No users found.'}
        </p>
      ) : (
        <>
          {users.isError && (
            <p role="alert" className="mb-3 text-sm font-medium text-red-500">
              Failed to fetch users
            </p>
          )}
          <DataTable
            columns={['User ID', 'Username', 'Earnings', 'Status', 'Actions']}
            className="max-md:block"
            headClassName="max-md:sr-only"
            bodyClassName="max-md:block"
          >
            {rows.map((user) => (
              <UserRow key={user._id} user={user} onOpenLedger={() => setLedgerUser(user)} />
            ))}
          </DataTable>
          <Pager page={page} pages={pages} onPage={setPage}>
            Page {formatCount(page)} of {formatCount(pages)}
          </Pager>
        </>
      )}
      <UserLedgerDialog user={ledgerUser} onClose={() => setLedgerUser(null)} />
    </Panel>
  );
}
