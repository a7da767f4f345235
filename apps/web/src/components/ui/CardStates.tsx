import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from './Spinner';
import { IconTile } from './IconTile';

/** A spinner centred in a card or panel while its content loads. */
export function CardSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center px-6 py-16 text-emerald-300">
      <Spinner label={label} className="size-7" />
    </div>
  );
}

/** An icon above a short text, centred in a card whose list is empty. */
export function CardEmpty({ icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <IconTile
        icon={icon}
        className="size-14 rounded-2xl bg-slate-800 text-slate-400"
        iconClassName="size-7"
      />
      <p className="text-slate-300">{children}</p>
    </div>
  );
}

/** A spinner and its text in one line, while a list inside a panel loads. */
export function LoadingRow({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 py-6 text-sm text-slate-400">
      <Spinner className="size-4 text-emerald-400" /> {label}
    </p>
  );
}

/** The quiet line of a list inside a panel that has nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-slate-400">{children}</p>;
}
