import { UserRound } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { PlaceholderPanel } from '@/components/ui/PlaceholderPanel';

export function ProfilePage() {
  return (
    <>
      <PageHeader title="Profile" description="Your stats, verification and account." icon={UserRound} />
      <PlaceholderPanel icon={UserRound} />
    </>
  );
}
