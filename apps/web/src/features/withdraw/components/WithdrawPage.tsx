import { LogOut, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { useLogout } from '@/lib/logout';
import { m } from '@/paraglide/messages.js';
import { offeredMethods, usePayoutOptions } from '../api/payout-options';
import { HowItWorks } from './HowItWorks';
import { WithdrawalsList } from './WithdrawalsList';
import { WithdrawForm } from './WithdrawForm';

/**
 * The form (with what can be withdrawn now) first, the explanations folded under it, the player's
 * withdrawals beside it on a wide screen and under it on a phone. Logout (the spec's) sits apart at the
 * bottom, where nobody presses it for Withdraw.
 */
export function WithdrawPage() {
  const options = usePayoutOptions().data;
  const methods = offeredMethods(options);
  const logout = useLogout();
  return (
    <>
      <PageHeader
        title={m.withdraw_title()}
        description={
          methods.includes('group') ? m.withdraw_description_group() : m.withdraw_description_gamepass()
        }
        icon={Wallet}
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <WithdrawForm />
          <HowItWorks methods={methods} firstReviewed={options?.firstWithdrawalReviewed ?? false} />
        </div>
        <WithdrawalsList />
      </div>
      <div className="mt-10 flex justify-end border-t border-slate-800/80 pt-6">
        <Button variant="ghost" size="sm" onClick={logout}>
          <LogOut aria-hidden="true" className="size-4" /> {m.withdraw_logout()}
        </Button>
      </div>
    </>
  );
}
