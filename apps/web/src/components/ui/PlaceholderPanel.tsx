import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from './Card';
import { IconTile } from './IconTile';

interface PlaceholderPanelProps {
  icon: LucideIcon;
  title?: string;
  message?: string;
  /** Shown under the message (e.g. a Try again button). */
  children?: ReactNode;
}

/** Body of a page with nothing to show: a feature still being built, or no data right now. */
export function PlaceholderPanel({
  icon,
  title = 'Almost ready',
  message = 'This section is being prepared. Check back soon!',
  children,
}: PlaceholderPanelProps) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <IconTile
        icon={icon}
        className="size-14 rounded-2xl bg-slate-800 text-emerald-300"
        iconClassName="size-7"
      />
      <h2 className="text-lg font-bold text-white">{title}</h2>
      <p className="max-w-md text-slate-400">{message}</p>
      {children}
    </Card>
  );
}
