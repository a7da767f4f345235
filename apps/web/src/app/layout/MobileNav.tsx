import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu } from 'lucide-react';
import { DialogCloseButton } from '@/components/ui/DialogCloseButton';
import { m } from '@/paraglide/messages.js';
import { Brand } from './Brand';
import { SidebarNav } from './SidebarNav';

/** The menu toggle shown under md: opens the sidebar as a drawer. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label={m.app_menu_open()}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl border border-slate-800 bg-slate-900 text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400 md:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="drawer-panel fixed inset-y-0 left-0 z-50 flex w-[86vw] max-w-xs flex-col border-r border-slate-800 bg-slate-950 shadow-2xl">
          <div className="flex h-16 items-center justify-between border-b border-slate-800 px-4">
            <Dialog.Title asChild>
              <div>
                <Brand />
              </div>
            </Dialog.Title>
            <DialogCloseButton label={m.app_menu_close()} />
          </div>
          <Dialog.Description className="sr-only">{m.app_menu_description()}</Dialog.Description>
          <div className="flex-1 overflow-y-auto px-3 py-5">
            <SidebarNav onNavigate={() => setOpen(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
