import { Coins } from 'lucide-react';
import { PlaceholderPanel } from '@/components/ui/PlaceholderPanel';
import { useSession } from '@/lib/session';
import { EarnHeader } from './EarnHeader';

export function EarnPage() {
  const session = useSession();
  if (!session) return null;
  return (
    <>
      <EarnHeader session={session} />
      <PlaceholderPanel
        icon={Coins}
        title="Offerwalls and surveys are on their way"
        message="Soon you can pick an offerwall, a survey wall or a social follow here and start earning Robux."
      />
    </>
  );
}
