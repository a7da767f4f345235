import type { LucideIcon } from 'lucide-react';
import { IconTile } from '@/components/ui/IconTile';

/** An Earn page section title: OFFERWALLS, SURVEYS, SOCIALS (spec §2). */
export function SectionHeading({
  id,
  title,
  hint,
  icon,
}: {
  id: string;
  title: string;
  hint: string;
  icon: LucideIcon;
}) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <div className="flex items-center gap-3">
        <IconTile
          icon={icon}
          className="size-9 rounded-xl bg-emerald-400/10 text-emerald-300 ring-1 ring-emerald-400/25"
        />
        <div>
          <h2 id={id} className="text-sm font-black tracking-[0.18em] text-white">
            {title}
          </h2>
          <p className="text-xs text-slate-400">{hint}</p>
        </div>
      </div>
    </div>
  );
}
