import { Check, Coins, Gift, Lock } from 'lucide-react';
import type { StreakReward } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

export type DayState = 'claimed' | 'claimable' | 'locked';

export function dayState(reward: StreakReward): DayState {
  if (reward.claimed) return 'claimed';
  return reward.canClaim ? 'claimable' : 'locked';
}

const frame: Record<DayState, string> = {
  claimed: 'border-emerald-400/40 bg-emerald-400/5',
  claimable:
    'border-emerald-400 bg-emerald-400/10 shadow-lg shadow-emerald-500/15 ring-1 ring-emerald-400/50',
  locked: 'border-slate-800 bg-slate-900/70',
};

const badge: Record<DayState, { text: () => string; className: string }> = {
  claimed: { text: m.daily_badge_claimed, className: 'bg-emerald-400/15 text-emerald-200' },
  claimable: { text: m.daily_badge_ready, className: 'bg-emerald-400 text-slate-950' },
  locked: { text: m.daily_badge_locked, className: 'bg-slate-800 text-slate-400' },
};

interface DayCardProps {
  reward: StreakReward;
  claiming: boolean;
  onClaim: () => void;
  className?: string;
}

/** One day of the streak: "Day n", its R$ amount (day 7: the surprise, up to R$250) and its button. */
export function DayCard({ reward, claiming, onClaim, className }: DayCardProps) {
  const state = dayState(reward);
  const surprise = Boolean(reward.surprise);
  const Icon = state === 'claimed' ? Check : surprise ? Gift : state === 'locked' ? Lock : Coins;
  const label =
    state === 'claimed'
      ? m.daily_button_claimed()
      : claiming
        ? m.daily_button_claiming()
        : m.daily_button_claim();
  const day = m.daily_day({ day: String(reward.day) });
  return (
    <article
      aria-label={day}
      data-state={state}
      className={cn(
        '@container relative flex flex-col gap-4 overflow-hidden rounded-2xl border p-4 backdrop-blur-sm transition-colors sm:p-5',
        frame[state],
        surprise &&
          state !== 'claimed' &&
          'bg-linear-to-br from-amber-400/10 via-slate-900/70 to-fuchsia-500/10',
        className,
      )}
    >
      {/* Side by side when the card is wide enough for "Day 1" and "Opgehaald" or "Récupéré"; on a
          narrow card (two to a phone's row, or beside the sidebar) the badge goes under the day. */}
      <div className="flex flex-col items-start gap-1.5 @[11rem]:flex-row @[11rem]:items-center @[11rem]:justify-between @[11rem]:gap-2">
        <h2 className="text-sm font-bold tracking-wide whitespace-nowrap text-slate-300 uppercase">{day}</h2>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
            badge[state].className,
          )}
        >
          {badge[state].text()}
        </span>
      </div>

      <div className="flex flex-1 items-center gap-3">
        <span
          className={cn(
            'inline-flex size-11 shrink-0 items-center justify-center rounded-xl',
            surprise && state !== 'claimed'
              ? 'bg-amber-400/15 text-amber-300'
              : state === 'locked'
                ? 'bg-slate-800 text-slate-500'
                : 'bg-emerald-400/15 text-emerald-300',
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          {surprise ? (
            <>
              <p className="text-xs font-semibold tracking-wide text-amber-300 uppercase">
                {m.daily_surprise_prize()}
              </p>
              <p className="text-xl font-black text-white tabular-nums">
                <span className="text-sm font-semibold text-slate-400">{m.daily_up_to()} </span>
                {formatRobux(reward.amount)}
              </p>
            </>
          ) : (
            <p className="text-2xl font-black text-white tabular-nums">{formatRobux(reward.amount)}</p>
          )}
        </div>
      </div>

      <Button
        size="sm"
        variant={state === 'claimable' ? 'primary' : 'secondary'}
        disabled={state !== 'claimable' || claiming}
        aria-busy={claiming}
        onClick={onClaim}
        // Two cards to a phone's row: the icon and "OPGEHAALD" or "RÉCUPÉRÉ" fit without the spacing.
        className="w-full max-sm:px-2 sm:tracking-wide"
      >
        {claiming && <Spinner className="size-4" />}
        {state === 'claimed' && <Check aria-hidden="true" className="size-4" />}
        {label}
      </Button>
    </article>
  );
}
