import { Gift } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { PlaceholderPanel } from '@/components/ui/PlaceholderPanel';

export function GiveawaysPage() {
  return (
    <>
      <PageHeader
        title="Giveaways"
        description="Enter the current giveaway for a chance to win Robux."
        icon={Gift}
      />
      <PlaceholderPanel icon={Gift} />
    </>
  );
}
