import { useState } from 'react';
import type { AdminWall } from '../../api/offers';

/** The wall's logo, or its initial when it has none (or the image fails to load). */
export function WallLogo({ wall }: { wall: AdminWall }) {
  const [failed, setFailed] = useState(false);
  if (!wall.logoUrl || failed) {
    return (
      <span
        aria-hidden="true"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-800 text-sm font-bold text-slate-300"
      >
        {wall.name.charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={wall.logoUrl}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="size-9 shrink-0 rounded-lg bg-slate-800 object-contain p-1"
    />
  );
}
