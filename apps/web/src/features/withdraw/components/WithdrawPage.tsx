import { Wallet } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { PlaceholderPanel } from '@/components/ui/PlaceholderPanel';

export function WithdrawPage() {
  return (
    <>
      <PageHeader
        title="Withdraw Robux"
        description="Cash out your balance to a gamepass you created."
        icon={Wallet}
      />
      <PlaceholderPanel icon={Wallet} />
    </>
  );
}
