import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** An icon centred in a tinted square; `className` gives its size, corners and colours. */
export function IconTile({
  icon: Icon,
  className,
  iconClassName = 'size-5',
}: {
  icon: LucideIcon;
  className: string;
  iconClassName?: string;
}) {
  return (
    <span className={cn('inline-flex items-center justify-center', className)}>
      <Icon aria-hidden="true" className={iconClassName} />
    </span>
  );
}

/** A figure with its label, beside an icon tile (the streak, a giveaway's entries and end date). */
export function IconStat({
  icon,
  tileClassName,
  iconClassName,
  label,
  children,
}: {
  icon: LucideIcon;
  tileClassName: string;
  iconClassName?: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      <IconTile
        icon={icon}
        className={cn('size-11 rounded-xl', tileClassName)}
        iconClassName={iconClassName}
      />
      <div>
        <p className="text-sm text-slate-400">{label}</p>
        {children}
      </div>
    </div>
  );
}
