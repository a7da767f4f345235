import { useState } from 'react';
import type { WallEntry } from '@rewards/contracts';
import { ClipboardList, LayoutGrid } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { notifyBalanceUpdated } from '@/lib/balance';
import { useSession } from '@/lib/session';
import { useWalls } from '../api/walls';
import { EarnHeader } from './EarnHeader';
import { SocialsSection } from './SocialsSection';
import { WallOverlay } from './WallOverlay';
import { WallsSection } from './WallsSection';

/** The two lists of walls, in the spec's order (§2 Earn): offerwalls, then surveys. */
const wallKinds = [
  {
    kind: 'offerwalls',
    title: 'OFFERWALLS',
    hint: 'Complete offers from our partners to earn Robux.',
    icon: LayoutGrid,
  },
  { kind: 'surveys', title: 'SURVEYS', hint: 'Share your opinion in paid surveys.', icon: ClipboardList },
] as const;

export function EarnPage() {
  const session = useSession();
  const walls = useWalls();
  const [openWall, setOpenWall] = useState<WallEntry | null>(null);
  if (!session) return null;

  function close() {
    setOpenWall(null);
    notifyBalanceUpdated(); // offers completed in the frame may have been credited meanwhile
  }

  return (
    <>
      <EarnHeader session={session} />
      {walls.isError && (
        <div
          role="alert"
          className="mb-8 flex flex-col items-start gap-3 rounded-2xl border border-rose-500/30 bg-rose-500/10 px-5 py-4 text-sm text-rose-100 sm:flex-row sm:items-center sm:justify-between"
        >
          <span>The offerwalls and surveys could not be loaded.</span>
          <Button size="sm" variant="secondary" onClick={() => void walls.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {wallKinds.map(({ kind, ...heading }) => (
        <WallsSection
          key={kind}
          id={`${kind}-heading`}
          {...heading}
          walls={walls.data?.[kind]}
          isLoading={walls.isPending && !walls.isError}
          onOpen={setOpenWall}
        />
      ))}
      <SocialsSection />
      <WallOverlay wall={openWall} onClose={close} />
    </>
  );
}
