import { LogIn } from 'lucide-react';
import { ButtonLink } from '@/components/ui/Button';
import { useSession } from '@/lib/session';
import { BalanceChip } from './BalanceChip';
import { Brand } from './Brand';
import { MobileNav } from './MobileNav';
import { UserMenu } from './UserMenu';

/** Brand, balance, user menu or Sign In, and (with a sidebar) the mobile menu toggle. */
export function TopBar({ withSidebar }: { withSidebar: boolean }) {
  const session = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-800/80 bg-slate-950/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 items-center gap-3 px-4 sm:px-6">
        {withSidebar && session && <MobileNav />}
        <Brand />
        <div className="ml-auto flex items-center gap-3">
          {session ? (
            <>
              <BalanceChip className="hidden sm:inline-flex" />
              <UserMenu session={session} />
            </>
          ) : (
            <ButtonLink to="/login" size="sm" className="px-4">
              <LogIn aria-hidden="true" className="size-4" /> Sign In
            </ButtonLink>
          )}
        </div>
      </div>
    </header>
  );
}
