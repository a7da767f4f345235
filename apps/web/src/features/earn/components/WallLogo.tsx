import { useState } from 'react';
import { cn } from '@/lib/cn';

const tones = [
  'from-emerald-400/30 to-teal-500/20 text-emerald-100',
  'from-sky-400/30 to-indigo-500/20 text-sky-100',
  'from-amber-400/30 to-orange-500/20 text-amber-100',
  'from-fuchsia-400/30 to-purple-500/20 text-fuchsia-100',
  'from-rose-400/30 to-pink-500/20 text-rose-100',
];

function toneOf(name: string): string {
  let sum = 0;
  for (const ch of name) sum = (sum * 31 + ch.charCodeAt(0)) >>> 0;
  return tones[sum % tones.length]!;
}

/** The wall's logo, or its initials on a tinted tile when there is none or it cannot load. */
export function WallLogo({
  name,
  logoUrl,
  muted,
  size = 'md',
}: {
  name: string;
  logoUrl: string;
  muted?: boolean;
  size?: 'sm' | 'md';
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = logoUrl !== '' && failed !== logoUrl;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden ring-1 ring-white/10',
        size === 'md' ? 'size-16 rounded-2xl' : 'size-10 rounded-xl',
        showImage
          ? size === 'md'
            ? 'bg-white/95 p-2.5'
            : 'bg-white/95 p-1.5'
          : cn('bg-linear-to-br', toneOf(name)),
        muted && 'grayscale',
      )}
    >
      {showImage ? (
        <img
          src={logoUrl}
          alt=""
          className="size-full object-contain"
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(logoUrl)}
        />
      ) : (
        <span
          aria-hidden="true"
          className={cn('font-black tracking-tight', size === 'md' ? 'text-xl' : 'text-sm')}
        >
          {initials || '?'}
        </span>
      )}
    </span>
  );
}
