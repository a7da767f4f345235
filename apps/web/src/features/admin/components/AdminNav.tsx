import { Link } from 'react-router';
import { LogOut } from 'lucide-react';
import { m } from '@/paraglide/messages.js';
import { cn } from '@/lib/cn';
import { toastError } from '@/lib/toast';
import { useAdminMe } from '../api/me';
import { useAdminLogout } from '../api/session';
import { sectionsFor, type AdminSectionId } from './sections';
import { roleLabel } from './staff/roles';

const itemClass =
  'flex items-center gap-2.5 rounded-xl px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400';

/**
 * The console's sidebar: a column from xl up, wrapping tabs above the section below that (the player's
 * own sidebar already takes the left edge). Sections are a search parameter, so the router is unchanged.
 * Sections the signed-in role cannot use (Staff for all but the owner) are not listed; who is signed
 * in shows above Logout.
 */
export function AdminNav({ active }: { active: AdminSectionId }) {
  const logout = useAdminLogout();
  const me = useAdminMe().data;
  return (
    <nav
      aria-label={m.admin_nav_label()}
      className="rounded-2xl border border-slate-800 bg-slate-900/70 p-2 xl:sticky xl:top-24 xl:self-start"
    >
      <ul className="flex flex-wrap gap-1 xl:flex-col">
        {sectionsFor(me?.permissions ?? []).map(({ id, label, icon: Icon }) => {
          const current = id === active;
          return (
            <li key={id}>
              <Link
                to={{ search: `?section=${id}` }}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  itemClass,
                  current
                    ? 'bg-emerald-400/10 text-emerald-300 ring-1 ring-emerald-400/25'
                    : 'text-slate-300 hover:bg-slate-800/70 hover:text-white',
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {label()}
              </Link>
            </li>
          );
        })}
        <li className="xl:mt-2 xl:border-t xl:border-slate-800 xl:pt-2">
          {me && (
            <p className="hidden px-3 pb-1 text-xs text-slate-400 xl:block" data-testid="admin-who">
              <span className="font-semibold break-all text-slate-200">{me.username}</span> ·{' '}
              {roleLabel(me.role).toLowerCase()}
            </p>
          )}
          <button
            type="button"
            disabled={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, {
                onError: (err) => toastError(err, m.admin_logout_failed()),
              })
            }
            className={cn(itemClass, 'w-full text-rose-300 hover:bg-rose-500/10 disabled:opacity-60')}
          >
            <LogOut aria-hidden="true" className="size-4 shrink-0" />
            {m.admin_logout()}
          </button>
        </li>
      </ul>
    </nav>
  );
}
