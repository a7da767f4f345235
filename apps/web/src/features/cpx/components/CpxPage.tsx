import { ClipboardList } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { LoadingCard } from '@/components/ui/LoadingCard';
import { PageHeader } from '@/components/ui/PageHeader';
import { PlaceholderPanel } from '@/components/ui/PlaceholderPanel';
import { m } from '@/paraglide/messages.js';
import { useCpxFrame } from '../api/frame';

/** The survey page: CPX Research's frame, 2000 px high (spec §2, Survey page). */
export function CpxPage() {
  const { data, isPending, isError, refetch } = useCpxFrame();
  return (
    <>
      <PageHeader title={m.cpx_title()} description={m.cpx_description()} icon={ClipboardList} />
      {isPending ? (
        <LoadingCard label={m.cpx_loading()} />
      ) : isError ? (
        <Card role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <p className="text-slate-300">{m.cpx_load_failed()}</p>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {m.cpx_try_again()}
          </Button>
        </Card>
      ) : !data.src ? (
        <PlaceholderPanel
          icon={ClipboardList}
          title={m.cpx_coming_soon()}
          message={m.cpx_coming_soon_text()}
        />
      ) : (
        <iframe
          src={data.src}
          title={m.cpx_frame_title()}
          className="block h-[2000px] w-full overflow-hidden rounded-2xl border-0 bg-white"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        />
      )}
    </>
  );
}
