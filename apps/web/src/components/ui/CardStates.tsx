import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
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

/** An icon above a few lines, centred in a card: an empty list, a failed load, a page not ready. */
export function CardNotice({
  icon,
  tileClassName,
  role,
  children,
}: {
  icon: LucideIcon;
  tileClassName: string;
  role?: 'alert';
  children: ReactNode;
}) {
  return (
    <div role={role} className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <IconTile icon={icon} className={cn('size-14 rounded-2xl', tileClassName)} iconClassName="size-7" />
      {children}
    </div>
  );
}

/** The notice of a card whose list is empty. */
export function CardEmpty({ icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <CardNotice icon={icon} tileClassName="bg-slate-800 text-slate-400">
      <p className="text-slate-300">{children}</p>
    </CardNotice>
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
