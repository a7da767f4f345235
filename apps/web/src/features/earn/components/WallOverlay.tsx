import * as Dialog from '@radix-ui/react-dialog';
import type { WallEntry } from '@rewards/contracts';
import { X } from 'lucide-react';
import { WallLogo } from './WallLogo';

/** The full-screen overlay with the provider's frame and a close button (spec §4, Wall overlay). */
export function WallOverlay({ wall, onClose }: { wall: WallEntry | null; onClose: () => void }) {
  return (
    <Dialog.Root open={wall !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-50 bg-black/80 backdrop-blur-sm" />
        {wall && (
          <Dialog.Content className="fixed inset-0 z-50 flex flex-col bg-slate-950 focus:outline-none">
            <div className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-800 px-4 sm:px-6">
              <WallLogo name={wall.name} logoUrl={wall.logoUrl} size="sm" />
              <Dialog.Title className="min-w-0 flex-1 truncate text-lg font-bold text-white">
                {wall.name}
              </Dialog.Title>
              <Dialog.Close
                aria-label="Close"
                className="inline-flex size-10 items-center justify-center rounded-xl border border-slate-800 bg-slate-900 text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">
              Complete offers in {wall.name} to earn Robux. Your balance updates when the provider confirms
              them.
            </Dialog.Description>
            <iframe
              src={wall.iframeSrc}
              title={wall.name}
              className="min-h-0 w-full flex-1 border-0 bg-white"
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
              allow="clipboard-write"
            />
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
