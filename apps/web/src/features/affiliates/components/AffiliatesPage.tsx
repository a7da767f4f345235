import { Users } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { PlaceholderPanel } from '@/components/ui/PlaceholderPanel';

export function AffiliatesPage() {
  return (
    <>
      <PageHeader
        title="Refer & Earn"
        description="Invite friends with your referral link and earn from their activity."
        icon={Users}
      />
      <PlaceholderPanel icon={Users} />
    </>
  );
}
