import type { Session } from '@/lib/session';
import { BalanceChip } from './BalanceChip';
import { UserMenu } from './UserMenu';

/**
 * Balance and account menu, at every width (the balance is the one figure a player looks for on each
 * page): loaded only once a player is signed in (keeps them off the landing page).
 */
export function SignedInControls({ session }: { session: Session }) {
  return (
    <>
      <BalanceChip />
      <UserMenu session={session} />
    </>
  );
}
