import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { LevelProgress } from '@/components/level/LevelProgress';
import { useLevel } from '@/lib/level';
import { useLogout } from '@/lib/logout';
import type { Session } from '@/lib/session';
import { paths } from '@/config/paths';
import { m } from '@/paraglide/messages.js';

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2.5 text-sm text-slate-200 outline-none ' +
  'data-[highlighted]:bg-slate-800 data-[highlighted]:text-white';

/** The player's level in the open menu: asked for when the menu opens, not on every page. */
function MenuLevel() {
  const { data } = useLevel();
  return (
    <div className="px-3 pb-2.5" data-testid="menu-level">
      {data ? (
        <LevelProgress status={data} compact />
      ) : (
        <p className="text-xs text-slate-500">{m.levels_loading()}</p>
      )}
    </div>
  );
}

/**
 * Avatar, and from sm up the name and a chevron (a phone's top bar keeps the room for the balance);
 * opens the player's level, Profile and Logout. The button's accessible name
 * ("Account menu for <name>") contains the name it shows, as speech input expects.
 */
export function UserMenu({ session }: { session: Session }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid="user-menu"
        aria-label={m.app_user_menu_label({ name: session.username })}
        className="flex shrink-0 items-center gap-2 rounded-full border border-slate-800 bg-slate-900 p-1 text-sm sm:pr-3 font-semibold text-slate-100 transition-colors hover:border-slate-700 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400 data-[state=open]:border-slate-700"
      >
        {/* Decorative: the button's name says whose menu it is, and holds the name it shows. */}
        <Avatar robloxId={session.robloxId} name={session.username} size="sm" decorative />
        <span className="hidden max-w-32 truncate sm:inline">{session.username}</span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-400 sm:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-xl border border-slate-800 bg-slate-900 p-1.5 shadow-2xl shadow-black/50"
        >
          <DropdownMenu.Label className="truncate px-3 pt-1.5 pb-2 text-xs font-medium text-slate-400">
            {m.app_user_menu_signed_in_as()} <span className="text-slate-200">{session.username}</span>
          </DropdownMenu.Label>
          <MenuLevel />
          <DropdownMenu.Separator className="my-1 h-px bg-slate-800" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(paths.profile)}>
            <User aria-hidden="true" className="size-4" /> {m.app_user_menu_profile()}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-800" />
          <DropdownMenu.Item className={`${itemClass} text-rose-300`} onSelect={logout}>
            <LogOut aria-hidden="true" className="size-4" /> {m.app_user_menu_logout()}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
