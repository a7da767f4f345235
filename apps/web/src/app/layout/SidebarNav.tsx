import { NavLink } from 'react-router';
import { sidebarGroups } from '@/config/navigation';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';

/** The grouped page links, used by the desktop sidebar and the mobile drawer. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label={m.app_nav_main()} className="flex flex-col gap-6">
      {sidebarGroups().map((group) => (
        <div key={group.title}>
          <h2 className="mb-2 px-3 text-[11px] font-bold tracking-[0.14em] text-slate-400 uppercase">
            {group.title}
          </h2>
          <ul className="flex flex-col gap-1">
            {group.items.map(({ label, to, icon: Icon, hint }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'group flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
                      isActive
                        ? 'bg-emerald-400/10 text-emerald-300 ring-1 ring-emerald-400/25'
                        : 'text-slate-300 hover:bg-slate-800/70 hover:text-white',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-[18px] shrink-0" />
                  <span className="flex flex-col leading-tight">
                    {label}
                    {hint && <span className="text-xs font-medium text-slate-400">{hint}</span>}
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
