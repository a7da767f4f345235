import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * The X that closes a Radix dialog or drawer; `label` is its name for screen readers. `framed`: on
 * a full-screen overlay, where it needs a border and a background to stand out.
 */
export function DialogCloseButton({ label, framed = false }: { label: string; framed?: boolean }) {
  return (
    <Dialog.Close
      aria-label={label}
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-xl hover:bg-slate-800',
        'focus-visible:outline-2 focus-visible:outline-emerald-400',
        framed ? 'border border-slate-800 bg-slate-900 text-slate-200' : 'text-slate-300',
      )}
    >
      <X aria-hidden="true" className="size-5" />
    </Dialog.Close>
  );
}
