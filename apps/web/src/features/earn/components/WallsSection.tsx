import type { WallEntry } from '@rewards/contracts';
import type { LucideIcon } from 'lucide-react';
import { m } from '@/paraglide/messages.js';
import { SectionHeading } from './SectionHeading';
import { WallCard } from './WallCard';

export const cardGrid = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-5';

interface WallsSectionProps {
  id: string;
  title: string;
  hint: string;
  icon: LucideIcon;
  walls: WallEntry[] | undefined;
  isLoading: boolean;
  onOpen: (wall: WallEntry) => void;
}

export function WallsSection({ id, title, hint, icon, walls, isLoading, onOpen }: WallsSectionProps) {
  return (
    <section aria-labelledby={id} className="mb-10">
      <SectionHeading id={id} title={title} hint={hint} icon={icon} />
      {isLoading ? (
        <div className={cardGrid} aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="h-44 animate-pulse rounded-2xl border border-slate-800 bg-slate-900/50" />
          ))}
        </div>
      ) : walls && walls.length > 0 ? (
        <ul className={cardGrid}>
          {walls.map((wall) => (
            <li key={wall.slug}>
              <WallCard wall={wall} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-800 px-5 py-8 text-center text-sm text-slate-400">
          {m.earn_walls_empty()}
        </p>
      )}
    </section>
  );
}
