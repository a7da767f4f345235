import { ClipboardList } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { LoadingCard } from '@/components/ui/LoadingCard';
import { PageHeader } from '@/components/ui/PageHeader';
import { PlaceholderPanel } from '@/components/ui/PlaceholderPanel';
import { useCpxFrame } from '../api/frame';

/** The survey page: CPX Research's frame, 2000 px high (spec §2, Survey page). */
export function CpxPage() {
  const { data, isPending, isError, refetch } = useCpxFrame();
  return (
    <>
      <PageHeader
        title="Surveys"
        description="Answer surveys and earn Robux for every completed one."
        icon={ClipboardList}
      />
      {isPending ? (
        <LoadingCard label="Loading surveys" />
      ) : isError ? (
        <Card role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <p className="text-slate-300">The surveys could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </Card>
      ) : !data.src ? (
        <PlaceholderPanel
          icon={ClipboardList}
          title="Coming soon"
          message="Surveys will be available here shortly."
        />
      ) : (
        <iframe
          src={data.src}
          title="CPX Research surveys"
          className="block h-[2000px] w-full overflow-hidden rounded-2xl border-0 bg-white"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        />
      )}
    </>
  );
}
