import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from './Card';
import { CardNotice } from './CardStates';
import { m } from '@/paraglide/messages.js';

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
  title = m.ui_placeholder_title(),
  message = m.ui_placeholder_message(),
  children,
}: PlaceholderPanelProps) {
  return (
    <Card>
      <CardNotice icon={icon} tileClassName="bg-slate-800 text-emerald-300">
        <h2 className="text-lg font-bold text-white">{title}</h2>
        <p className="max-w-md text-slate-400">{message}</p>
        {children}
      </CardNotice>
    </Card>
  );
}
