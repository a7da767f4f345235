import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/Card';
import { IconTile } from '@/components/ui/IconTile';
import { cn } from '@/lib/cn';

/**
 * One panel of the profile page: a card that is a region named by its heading, the heading beside its
 * icon with the panel's control (`action`) across from it, then the panel's body. `danger` tints it
 * rose (deleting the account); `headClassName` replaces the heading row's wrapping and spacing.
 */
export function ProfilePanel({
  id,
  icon,
  title,
  action,
  danger = false,
  headClassName = 'flex-wrap items-center gap-3',
  children,
}: {
  /** The heading's id is `<id>-title`. */
  id: string;
  icon: LucideIcon;
  title: string;
  action: ReactNode;
  danger?: boolean;
  headClassName?: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className={cn(danger && 'border-rose-500/30', 'p-5 sm:p-7')}
    >
      <div className={cn('flex justify-between', headClassName)}>
        <div className="flex items-center gap-3">
          <IconTile
            icon={icon}
            className={cn(
              'size-10 rounded-xl',
              danger ? 'bg-rose-500/10 text-rose-300' : 'bg-emerald-400/10 text-emerald-300',
            )}
          />
          <h2 id={titleId} className="text-lg font-bold text-white">
            {title}
          </h2>
        </div>
        {action}
      </div>
      {children}
    </Card>
  );
}
