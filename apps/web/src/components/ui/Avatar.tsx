import { useState } from 'react';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';

interface AvatarProps {
  robloxId: number | null | undefined;
  name: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /** Inside a control that names the player already: the image is left out of its name (empty alt). */
  decorative?: boolean;
}

const sizes = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
  xl: 'size-24 text-3xl',
};

/** The player's Roblox headshot (`GET /api/avatar/{robloxId}`), or their initial when it cannot load. */
export function Avatar({ robloxId, name, size = 'md', className, decorative = false }: AvatarProps) {
  const [failedFor, setFailedFor] = useState<number | null>(null);
  const showImage = robloxId != null && failedFor !== robloxId;
  const frame = cn(
    'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    'bg-linear-to-br from-emerald-400/30 to-sky-500/30 ring-2 ring-emerald-400/40',
    sizes[size],
    className,
  );
  return (
    <span className={frame}>
      {showImage ? (
        <img
          src={`/api/avatar/${encodeURIComponent(String(robloxId))}`}
          alt={decorative ? '' : m.ui_avatar_alt({ name })}
          className="size-full object-cover"
          loading="lazy"
          decoding="async"
          onError={() => setFailedFor(robloxId)}
        />
      ) : (
        <span aria-hidden="true" className="font-bold uppercase text-emerald-100">
          {name.trim().charAt(0) || '?'}
        </span>
      )}
    </span>
  );
}
