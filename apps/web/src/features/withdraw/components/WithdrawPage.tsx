import { Wallet } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { m } from '@/paraglide/messages.js';
import { offeredMethods, usePayoutOptions } from '../api/payout-options';
import { HowItWorks } from './HowItWorks';
import { WithdrawalsList } from './WithdrawalsList';
import { WithdrawForm } from './WithdrawForm';

export function WithdrawPage() {
  const options = usePayoutOptions().data;
  const methods = offeredMethods(options);
  return (
    <>
      <PageHeader
        title={m.withdraw_title()}
        description={
          methods.includes('group') ? m.withdraw_description_group() : m.withdraw_description_gamepass()
        }
        icon={Wallet}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <WithdrawForm />
        <HowItWorks methods={methods} firstReviewed={options?.firstWithdrawalReviewed ?? false} />
      </div>
      <div className="mt-6">
        <WithdrawalsList />
      </div>
    </>
  );
}
