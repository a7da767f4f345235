import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, Clock, Flame, RotateCcw } from 'lucide-react';
import {
  nextSiteDayStart,
  STREAK_DAY_REWARD,
  STREAK_DAYS,
  STREAK_SURPRISE_MAX,
  type StreakReward,
} from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { LoadingCard } from '@/components/ui/LoadingCard';
import { PageHeader } from '@/components/ui/PageHeader';
import { notifyBalanceUpdated } from '@/lib/balance';
import { useNow } from '@/lib/now';
import { useSession } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { humanCheckMissingMessage, useHumanCheck } from '@/components/HumanCheck';
import { m } from '@/paraglide/messages.js';
import { formatClockTime, formatCount, formatRobux, formatTimeZoneName } from '@/lib/format';
import { useSiteConfig } from '@/lib/site-config';
import { streakQueryKey, useClaimStreak, useStreakRewards } from '../api/streak';
import { DayCard } from './DayCard';
import { IconStat } from '@/components/ui/IconTile';

/** What a visitor without a session sees: a fresh streak (claiming asks them to log in). */
const FRESH_STREAK: StreakReward[] = Array.from({ length: STREAK_DAYS }, (_, i) =>
  i + 1 === STREAK_DAYS
    ? { day: i + 1, amount: STREAK_SURPRISE_MAX, claimed: false, canClaim: false, surprise: true }
    : { day: i + 1, amount: STREAK_DAY_REWARD, claimed: false, canClaim: i === 0 },
);

function formatWait(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return m.daily_wait({
    hours: String(h),
    minutes: String(min).padStart(2, '0'),
    seconds: String(s).padStart(2, '0'),
  });
}

/**
 * When days change: midnight in the site's time zone, and that moment in the player's own time
 * unless it is midnight there too.
 */
function dayChangeText(timeZone: string, nextDayAt: Date): string {
  const zone = formatTimeZoneName(timeZone);
  if (nextDayAt.getHours() === 0 && nextDayAt.getMinutes() === 0) return m.daily_footer_same_zone({ zone });
  return m.daily_footer({ zone, time: formatClockTime(nextDayAt) });
}

export function DailyPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const streak = useStreakRewards();
  const claim = useClaimStreak();
  const human = useHumanCheck('daily');
  const config = useSiteConfig().data;
  const needsOffer = config?.bonusesRequireOffer === true;
  const now = useNow(1000);

  const signedIn = Boolean(session?.username && session.token);
  // Spec §8: a failed fetch shows an empty list.
  const rewards = signedIn ? (streak.data?.rewards ?? []) : FRESH_STREAK;
  const claimedDays = rewards.filter((r) => r.claimed).length;
  const nextClaimAt = streak.data ? Date.parse(streak.data.nextClaimAt) : NaN;
  const waitMs = nextClaimAt - now;
  const refetch = streak.refetch;

  // A new site day opens the next claim (the server says when): fetch the cards again when it starts.
  const dayTurned = streak.data?.claimedToday === true && waitMs <= 0;
  useEffect(() => {
    if (dayTurned) void refetch();
  }, [dayTurned, refetch]);

  function onClaim() {
    if (!signedIn || !session) {
      toastError(null, m.daily_login_to_claim());
      return;
    }
    if (claim.isPending) return;
    if (!human.ready) {
      toastError(null, m.daily_claim_failed(), humanCheckMissingMessage());
      return;
    }
    const username = session.username;
    claim.mutate(
      { username, headers: human.headers },
      {
        onSuccess: (result) => {
          toastSuccess(
            m.daily_day_claimed({ day: String(result.day) }),
            m.daily_received({ amount: formatRobux(result.amount) }),
          );
          notifyBalanceUpdated();
        },
        onError: (err) => toastError(err, m.daily_claim_failed()),
        onSettled: () => {
          human.reset();
          // A call's own callbacks are not awaited: the refetch runs on its own.
          void queryClient.invalidateQueries({ queryKey: streakQueryKey(username) });
        },
      },
    );
  }

  return (
    <>
      <PageHeader title={m.daily_title()} description={m.daily_description()} icon={CalendarCheck} />

      {streak.isPending && signedIn ? (
        <LoadingCard label={m.daily_loading()} />
      ) : rewards.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <p className="text-slate-300">{m.daily_empty()}</p>
          {streak.isError && (
            <Button variant="secondary" size="sm" onClick={() => void refetch()}>
              <RotateCcw aria-hidden="true" className="size-4" /> {m.daily_try_again()}
            </Button>
          )}
        </Card>
      ) : (
        <>
          <Card className="mb-6 flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
            <IconStat
              icon={Flame}
              tileClassName="bg-orange-400/15 text-orange-300"
              iconClassName="size-6"
              label={m.daily_current_streak()}
            >
              <p className="text-lg font-bold text-white">
                {m.daily_streak_days({ claimed: formatCount(claimedDays), total: formatCount(STREAK_DAYS) })}
              </p>
            </IconStat>
            <div
              className="h-2 w-full overflow-hidden rounded-full bg-slate-800 sm:mx-6 sm:max-w-sm"
              role="progressbar"
              aria-label={m.daily_progress_label()}
              aria-valuemin={0}
              aria-valuemax={STREAK_DAYS}
              aria-valuenow={claimedDays}
            >
              <div
                className="h-full rounded-full bg-linear-to-r from-emerald-400 to-teal-300 transition-all"
                style={{ width: `${(claimedDays / STREAK_DAYS) * 100}%` }}
              />
            </div>
            <p className="flex items-center gap-2 text-sm text-slate-300">
              <Clock aria-hidden="true" className="size-4 shrink-0 text-emerald-300" />
              {streak.data?.claimedToday ? (
                <span>
                  {m.daily_next_in()}{' '}
                  <span className="font-semibold text-white tabular-nums">{formatWait(waitMs)}</span>
                </span>
              ) : (
                <span className="font-semibold text-emerald-200">{m.daily_ready()}</span>
              )}
            </p>
          </Card>

          {human.widget && signedIn && !streak.data?.claimedToday && (
            <Card className="mb-6 flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-300">{m.daily_human_first()}</p>
              <div className="w-full sm:max-w-xs">{human.widget}</div>
            </Card>
          )}

          <section
            aria-label={m.daily_days_label()}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
          >
            {rewards.map((reward) => (
              <DayCard
                key={reward.day}
                reward={reward}
                claiming={claim.isPending && reward.canClaim}
                onClaim={onClaim}
                className={reward.day === STREAK_DAYS ? 'col-span-2 sm:col-span-3 lg:col-span-2' : undefined}
              />
            ))}
          </section>
          {config && (
            <p className="mt-6 text-sm text-slate-400">
              {dayChangeText(
                config.timeZone,
                Number.isNaN(nextClaimAt)
                  ? nextSiteDayStart(new Date(now), config.timeZone)
                  : new Date(nextClaimAt),
              )}
              {needsOffer && ` ${m.daily_needs_offer()}`}
            </p>
          )}
        </>
      )}
    </>
  );
}
