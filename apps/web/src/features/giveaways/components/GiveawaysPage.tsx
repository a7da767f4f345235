import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CheckCircle2, Gift, MessagesSquare, PartyPopper, Trophy, Users } from 'lucide-react';
import type { GiveawayResponse } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CommunityLink } from '@/components/ui/CommunityLink';
import { LoadingCard } from '@/components/ui/LoadingCard';
import { PageHeader } from '@/components/ui/PageHeader';
import { PlaceholderPanel } from '@/components/ui/PlaceholderPanel';
import { Spinner } from '@/components/ui/Spinner';
import { COMMUNITY_CHAT_NAME } from '@/config/site';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatLongDateTime, formatRobux } from '@/lib/format';
import { useNow } from '@/lib/now';
import { useSession } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { giveawayQueryKey, pickWinner, useEnterGiveaway, useGiveaway } from '../api/giveaway';
import { Countdown } from './Countdown';
import { DrawCheck } from './DrawCheck';
import { IconStat, IconTile } from '@/components/ui/IconTile';

export function GiveawaysPage() {
  const session = useSession();
  const signedIn = Boolean(session?.username && session.token);
  const queryClient = useQueryClient();
  const queryKey = giveawayQueryKey(signedIn ? session!.username : null);
  const giveaway = useGiveaway();
  const enter = useEnterGiveaway();
  const now = useNow(1000);

  const g = giveaway.data ?? null;
  const endMs = g ? Date.parse(g.endDate) : NaN;
  const remaining = Math.max(0, endMs - now);
  const timeUp = Boolean(g && (g.ended || remaining <= 0));

  // Spec §4: once time is up with entries and no winner, ask the server to pick (once per giveaway).
  // The server also picks by itself; this only makes the winner appear sooner.
  const pickedFor = useRef<number | null>(null);
  const needsPick = Boolean(g && timeUp && !g.winner && g.entries > 0);
  const giveawayId = g?.id ?? null;
  const refetch = giveaway.refetch;
  useEffect(() => {
    if (!needsPick || giveawayId === null || pickedFor.current === giveawayId) return;
    pickedFor.current = giveawayId;
    let retry: number | undefined;
    pickWinner()
      .then(() => refetch())
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 409) {
          // Our clock ran ahead of the server's: ask again in a moment.
          retry = window.setTimeout(() => {
            pickedFor.current = null;
            void refetch();
          }, 3000);
          return;
        }
        toastError(err, m.giveaways_pick_failed());
      });
    return () => window.clearTimeout(retry);
  }, [needsPick, giveawayId, refetch]);

  function onEnter() {
    if (!signedIn || !session) {
      toastError(null, m.giveaways_login_to_enter());
      return;
    }
    if (!g || enter.isPending) return;
    enter.mutate(session.username, {
      onSuccess: (updated) => {
        queryClient.setQueryData<GiveawayResponse | null>(queryKey, updated);
        toastSuccess(m.giveaways_entered_toast(), m.giveaways_good_luck({ community: COMMUNITY_CHAT_NAME }));
      },
      onError: (err) => {
        toastError(err, m.giveaways_enter_failed());
        void refetch();
      },
    });
  }

  const header = (
    <PageHeader title={m.giveaways_title()} description={m.giveaways_description()} icon={Gift} />
  );

  if (giveaway.isPending) {
    return (
      <>
        {header}
        <LoadingCard label={m.giveaways_loading()} />
      </>
    );
  }

  if (!g) {
    return (
      <>
        {header}
        <PlaceholderPanel
          icon={Gift}
          title={giveaway.isError ? m.giveaways_load_failed() : m.giveaways_none()}
          message={
            giveaway.isError
              ? m.giveaways_try_later()
              : m.giveaways_none_text({ community: COMMUNITY_CHAT_NAME })
          }
        >
          {giveaway.isError && (
            <Button variant="secondary" size="sm" onClick={() => void refetch()}>
              {m.giveaways_try_again()}
            </Button>
          )}
        </PlaceholderPanel>
      </>
    );
  }

  const hasWinner = Boolean(g.winner);
  const disabled = hasWinner || timeUp || g.entered || enter.isPending;
  const showEntered = g.entered && !hasWinner && !timeUp;
  const buttonText = enter.isPending
    ? m.giveaways_entering()
    : showEntered
      ? m.giveaways_entered()
      : m.giveaways_enter();

  return (
    <>
      {header}

      {hasWinner && (
        <div
          role="status"
          data-testid="giveaway-winner"
          className="mb-6 flex items-center gap-4 rounded-2xl border border-amber-400/40 bg-linear-to-r from-amber-400/15 via-amber-400/5 to-transparent p-5"
        >
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-amber-400 text-slate-950">
            <Trophy aria-hidden="true" className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wide text-amber-200 uppercase">
              {m.giveaways_winner()}
            </p>
            <p className="text-xl font-black break-words text-white">
              {m.giveaways_winner_won({ winner: g.winner ?? '', prize: formatRobux(g.prize) })}
            </p>
          </div>
        </div>
      )}
      {!hasWinner && timeUp && (
        <div
          role="status"
          className="mb-6 rounded-2xl border border-slate-700 bg-slate-900/70 p-5 text-slate-300"
        >
          {g.entries > 0 ? m.giveaways_picking() : m.giveaways_no_entries()}
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="overflow-hidden">
          <div className="border-b border-slate-800 bg-linear-to-br from-emerald-400/15 via-transparent to-sky-500/10 p-6 sm:p-8">
            <p className="text-xs font-semibold tracking-widest text-emerald-300 uppercase">
              {timeUp ? m.giveaways_ended() : m.giveaways_live()}
            </p>
            <h2 className="mt-2 text-2xl font-extrabold break-words text-white sm:text-3xl">{g.title}</h2>
            {g.description && (
              <p className="mt-3 break-words whitespace-pre-line text-slate-300">{g.description}</p>
            )}
            <p className="mt-5 inline-flex items-baseline gap-2 rounded-xl bg-slate-950/50 px-4 py-2">
              <span className="text-sm text-slate-400">{m.giveaways_prize()}</span>
              <span className="text-2xl font-black text-emerald-300 tabular-nums">
                {formatRobux(g.prize)}
              </span>
            </p>
          </div>
          <div className="flex flex-col gap-6 p-6 sm:p-8">
            <div>
              <h3 className="mb-3 text-sm font-semibold text-slate-300">
                {timeUp ? m.giveaways_time_is_up() : m.giveaways_ends_in()}
              </h3>
              <Countdown remainingMs={remaining} />
            </div>
            <Button
              size="lg"
              disabled={disabled}
              aria-busy={enter.isPending}
              onClick={onEnter}
              // On a phone "Doe mee aan de winactie" and its icon need more of the width than lg's padding leaves.
              className="w-full max-sm:px-4"
            >
              {enter.isPending ? (
                <Spinner className="size-5" />
              ) : showEntered ? (
                <CheckCircle2 aria-hidden="true" className="size-5" />
              ) : (
                <PartyPopper aria-hidden="true" className="size-5" />
              )}
              {buttonText}
            </Button>
          </div>
        </Card>

        <div className="flex flex-col gap-6">
          <Card className="flex flex-col gap-5 p-6">
            <IconStat
              icon={Users}
              tileClassName="bg-emerald-400/10 text-emerald-300"
              label={m.giveaways_registered_users()}
            >
              <p data-testid="giveaway-entries" className="text-xl font-bold text-white tabular-nums">
                {m.giveaways_entries({ count: g.entries, formatted: formatCount(g.entries) })}
              </p>
            </IconStat>
            <IconStat
              icon={CalendarClock}
              tileClassName="bg-sky-400/10 text-sky-300"
              label={m.giveaways_end_date()}
            >
              <p className="font-semibold text-white">
                <time dateTime={g.endDate}>{formatLongDateTime(g.endDate)}</time>
              </p>
            </IconStat>
          </Card>
          <DrawCheck key={g.id} giveaway={g} />
          <Card className="flex flex-col gap-3 p-6">
            <IconTile icon={MessagesSquare} className="size-11 rounded-xl bg-indigo-400/10 text-indigo-300" />
            <p className="text-sm text-slate-300">
              {m.giveaways_announced({ community: COMMUNITY_CHAT_NAME })}
            </p>
            <CommunityLink />
          </Card>
        </div>
      </div>
    </>
  );
}
