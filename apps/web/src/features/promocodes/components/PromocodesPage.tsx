import { Ticket } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { PlaceholderPanel } from '@/components/ui/PlaceholderPanel';

export function PromocodesPage() {
  return (
    <>
      <PageHeader title="Promo Codes" description="Redeem a promo code for free Robux." icon={Ticket} />
      <PlaceholderPanel icon={Ticket} />
    </>
  );
}
