import { m } from '@/paraglide/messages.js';

const UNITS = [
  { key: 'weeks', label: m.giveaways_unit_weeks, seconds: 7 * 24 * 3600 },
  { key: 'days', label: m.giveaways_unit_days, seconds: 24 * 3600 },
  { key: 'hours', label: m.giveaways_unit_hours, seconds: 3600 },
  { key: 'minutes', label: m.giveaways_unit_minutes, seconds: 60 },
  { key: 'seconds', label: m.giveaways_unit_seconds, seconds: 1 },
] as const;

/** Splits a duration into weeks, days, hours, min and s. */
export function splitDuration(ms: number): number[] {
  let rest = Math.max(0, Math.floor(ms / 1000));
  return UNITS.map(({ seconds }) => {
    const n = Math.floor(rest / seconds);
    rest -= n * seconds;
    return n;
  });
}

/** "1w 2d 3h 4min 5s", in the player's language. */
export function formatDuration(ms: number): string {
  const [weeks, days, hours, minutes, seconds] = splitDuration(ms).map(String) as [
    string,
    string,
    string,
    string,
    string,
  ];
  return m.giveaways_duration({ weeks, days, hours, minutes, seconds });
}

/** The time left, in weeks, days, hours, min and s. */
export function Countdown({ remainingMs }: { remainingMs: number }) {
  const parts = splitDuration(remainingMs);
  return (
    <div
      role="timer"
      aria-label={m.giveaways_time_left({ duration: formatDuration(remainingMs) })}
      data-testid="giveaway-countdown"
    >
      <ol className="grid grid-cols-5 gap-1 sm:gap-3">
        {UNITS.map((unit, i) => (
          <li
            key={unit.key}
            className="flex min-w-0 flex-col items-center rounded-xl border border-slate-800 bg-slate-950/60 py-3 sm:px-1 sm:py-4"
          >
            <span className="text-2xl font-black text-white tabular-nums sm:text-4xl" aria-hidden="true">
              {String(parts[i]).padStart(2, '0')}
            </span>
            {/* On a phone a fifth of the card is narrow: small, lower case and not spaced out, so
                "semaines" fits. */}
            <span className="mt-1 max-w-full truncate text-[0.625rem] font-semibold text-slate-400 sm:text-xs sm:tracking-wider sm:uppercase">
              {unit.label()}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
