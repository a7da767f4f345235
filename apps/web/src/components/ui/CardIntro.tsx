import type { LucideIcon } from 'lucide-react';
import { IconTile } from './IconTile';

/** The centred icon, title and line of text that open a sign-in card. */
export function CardIntro({
  icon,
  title,
  description,
  level,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  /** 1 for the page's own heading (larger), 2 inside a page that has one. */
  level: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="mb-6 text-center">
      <IconTile
        icon={icon}
        className="mx-auto mb-4 size-14 rounded-2xl bg-emerald-400/10 text-emerald-300 ring-1 ring-emerald-400/30"
        iconClassName="size-7"
      />
      <Heading className={`${level === 1 ? 'text-2xl' : 'text-xl'} font-extrabold tracking-tight text-white`}>
        {title}
      </Heading>
      <p className="mt-2 text-sm text-slate-400">{description}</p>
    </div>
  );
}
