const UNITS = [
  { label: 'weeks', short: 'w', seconds: 7 * 24 * 3600 },
  { label: 'days', short: 'd', seconds: 24 * 3600 },
  { label: 'hours', short: 'h', seconds: 3600 },
  { label: 'min', short: 'min', seconds: 60 },
  { label: 's', short: 's', seconds: 1 },
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

/** "1w 2d 3h 4min 5s". */
export function formatDuration(ms: number): string {
  return splitDuration(ms)
    .map((n, i) => `${n}${UNITS[i]!.short}`)
    .join(' ');
}

/** The time left, in weeks, days, hours, min and s. */
export function Countdown({ remainingMs }: { remainingMs: number }) {
  const parts = splitDuration(remainingMs);
  return (
    <div
      role="timer"
      aria-label={`Time left: ${formatDuration(remainingMs)}`}
      data-testid="giveaway-countdown"
    >
      <ol className="grid grid-cols-5 gap-2 sm:gap-3">
        {UNITS.map((unit, i) => (
          <li
            key={unit.label}
            className="flex flex-col items-center rounded-xl border border-slate-800 bg-slate-950/60 px-1 py-3 sm:py-4"
          >
            <span className="text-2xl font-black text-white tabular-nums sm:text-4xl" aria-hidden="true">
              {String(parts[i]).padStart(2, '0')}
            </span>
            <span className="mt-1 text-[0.65rem] font-semibold tracking-wider text-slate-400 uppercase sm:text-xs">
              {unit.label}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
