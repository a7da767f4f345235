import type { Session } from '@/lib/session';
import { BalanceChip } from './BalanceChip';
import { UserMenu } from './UserMenu';

/** Balance and account menu: loaded only once a player is signed in (keeps them off the landing page). */
export function SignedInControls({ session }: { session: Session }) {
  return (
    <>
      <BalanceChip className="hidden sm:inline-flex" />
      <UserMenu session={session} />
    </>
  );
}
