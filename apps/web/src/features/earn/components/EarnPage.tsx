import { useState } from 'react';
import type { WallEntry } from '@rewards/contracts';
import { ClipboardList, LayoutGrid } from 'lucide-react';
import { LazyLiveFeed } from '@/components/live/LazyLiveFeed';
import { Button } from '@/components/ui/Button';
import { notifyBalanceUpdated } from '@/lib/balance';
import { useSession } from '@/lib/session';
import { m } from '@/paraglide/messages.js';
import { useFirstSteps } from '../api/first-steps';
import { useWalls } from '../api/walls';
import { EarnHeader } from './EarnHeader';
import { FirstStepsGuide } from './FirstStepsGuide';
import { SocialsSection } from './SocialsSection';
import { WallOverlay } from './WallOverlay';
import { WallsSection } from './WallsSection';

/** The two lists of walls, in the spec's order (§2 Earn): offerwalls, then surveys. */
const wallKinds = [
  { kind: 'offerwalls', title: m.earn_offerwalls_title, hint: m.earn_offerwalls_hint, icon: LayoutGrid },
  { kind: 'surveys', title: m.earn_surveys_title, hint: m.earn_surveys_hint, icon: ClipboardList },
] as const;

export function EarnPage() {
  const session = useSession();
  const walls = useWalls();
  // The guide stands above the walls: they show once it has its answer (or failed to get one), so
  // it never pushes them down under the player's finger after they appeared.
  const firstSteps = useFirstSteps();
  const [openWall, setOpenWall] = useState<WallEntry | null>(null);
  if (!session) return null;

  function close() {
    setOpenWall(null);
    notifyBalanceUpdated(); // offers completed in the frame may have been credited meanwhile
  }

  return (
    <>
      <EarnHeader session={session} />
      <FirstStepsGuide data={firstSteps.data} className="mb-8" />
      {!firstSteps.isPending && <EarnSections walls={walls} onOpen={setOpenWall} />}
      <WallOverlay wall={openWall} onClose={close} />
    </>
  );
}

/** What the earn page offers below the guide: the live feed, the walls and the socials. */
function EarnSections({
  walls,
  onOpen,
}: {
  walls: ReturnType<typeof useWalls>;
  onOpen: (wall: WallEntry) => void;
}) {
  return (
    <>
      <LazyLiveFeed className="mb-8" />
      {walls.isError && (
        <div
          role="alert"
          className="mb-8 flex flex-col items-start gap-3 rounded-2xl border border-rose-500/30 bg-rose-500/10 px-5 py-4 text-sm text-rose-100 sm:flex-row sm:items-center sm:justify-between"
        >
          <span>{m.earn_walls_error()}</span>
          <Button size="sm" variant="secondary" onClick={() => void walls.refetch()}>
            {m.earn_try_again()}
          </Button>
        </div>
      )}
      {wallKinds.map(({ kind, title, hint, icon }) => (
        <WallsSection
          key={kind}
          id={`${kind}-heading`}
          title={title()}
          hint={hint()}
          icon={icon}
          walls={walls.data?.[kind]}
          isLoading={walls.isPending && !walls.isError}
          onOpen={onOpen}
        />
      ))}
      <SocialsSection />
    </>
  );
}
