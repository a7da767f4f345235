import * as Dialog from '@radix-ui/react-dialog';
import type { WallEntry } from '@rewards/contracts';
import { WallLogo } from './WallLogo';
import { DialogCloseButton } from '@/components/ui/DialogCloseButton';
import { m } from '@/paraglide/messages.js';

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
              <DialogCloseButton label={m.earn_close()} framed />
            </div>
            <Dialog.Description className="sr-only">
              {m.earn_wall_description({ name: wall.name })}
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
