import { useState } from 'react';
import { Link2, Search } from 'lucide-react';
import type { AdminUserRow } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';
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
      title={m.admin_users_title()}
      description={
        users.data
          ? (linkedOnly ? m.admin_users_count_linked : m.admin_users_count)({
              count: total,
              n: formatCount(total),
            })
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
            title={m.admin_users_linked_only_title()}
          >
            <Link2 aria-hidden="true" className="size-4" /> {m.admin_users_linked_only()}
          </Button>
          <label className="relative block w-full sm:w-72">
            <span className="sr-only">{m.admin_users_search_label()}</span>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              type="search"
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
              placeholder={m.admin_users_search_placeholder()}
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
        <p className="py-6 text-sm text-slate-400">{m.admin_users_loading()}</p>
      ) : users.isError && !users.data ? (
        <p role="alert" className="py-6 text-sm font-medium text-red-500">
          {m.admin_users_fetch_failed()}
        </p>
      ) : rows.length === 0 ? (
        <p className="py-6 text-sm text-slate-400">
          {linkedOnly ? m.admin_users_empty_linked() : m.admin_users_empty()}
        </p>
      ) : (
        <>
          {users.isError && (
            <p role="alert" className="mb-3 text-sm font-medium text-red-500">
              {m.admin_users_fetch_failed()}
            </p>
          )}
          <DataTable
            columns={[
              m.admin_users_col_id(),
              m.admin_users_col_username(),
              m.admin_users_col_earnings(),
              m.admin_users_col_status(),
              m.admin_col_actions(),
            ]}
            className="max-md:block"
            headClassName="max-md:sr-only"
            bodyClassName="max-md:block"
          >
            {rows.map((user) => (
              <UserRow key={user._id} user={user} onOpenLedger={() => setLedgerUser(user)} />
            ))}
          </DataTable>
          <Pager page={page} pages={pages} onPage={setPage}>
            {m.admin_page_of({ page: formatCount(page), pages: formatCount(pages) })}
          </Pager>
        </>
      )}
      <UserLedgerDialog user={ledgerUser} onClose={() => setLedgerUser(null)} />
    </Panel>
  );
}
