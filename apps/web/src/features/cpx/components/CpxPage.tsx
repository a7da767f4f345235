import { ClipboardList } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { PlaceholderPanel } from '@/components/ui/PlaceholderPanel';

export function CpxPage() {
  return (
    <>
      <PageHeader
        title="Surveys"
        description="Answer surveys and earn Robux for every completed one."
        icon={ClipboardList}
      />
      <PlaceholderPanel icon={ClipboardList} />
    </>
  );
}
