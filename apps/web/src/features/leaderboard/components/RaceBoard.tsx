import { Crown, Flag, Gift, Medal, Timer } from 'lucide-react';
import type { CurrentRaceResponse, PublicRace } from '@rewards/contracts';
import { Badge } from '@/components/ui/Badge';
import { Card } from '@/components/ui/Card';
import { CardEmpty, CardSpinner } from '@/components/ui/CardStates';
import { DataTable } from '@/components/ui/DataTable';
import { cardRowClass } from '@/components/ui/table-styles';
import { cn } from '@/lib/cn';
import { formatCount, formatRobux } from '@/lib/format';
import { useNow } from '@/lib/now';
import { useSession } from '@/lib/session';
import { m } from '@/paraglide/messages.js';
import { useCurrentRace } from '../api/race';
import { formatCountdown, formatRanks, repeatLabel } from './race-format';

const sectionTitle = 'flex items-center gap-2 text-sm font-bold tracking-wide text-slate-300 uppercase';

function RaceCountdown({ label, until }: { label: string; until: string }) {
  const now = useNow();
  const left = Date.parse(until) - now;
  return (
    <div className="shrink-0 rounded-xl border border-slate-800 bg-slate-950/60 px-4 py-3 text-center">
      <p className="text-xs font-semibold text-slate-400">{label}</p>
      <p
        role="timer"
        data-testid="race-countdown"
        className="text-2xl font-black text-white tabular-nums sm:text-3xl"
      >
        {left > 0 ? formatCountdown(left) : '00:00:00'}
      </p>
    </div>
  );
}

function RaceHeader({ race }: { race: PublicRace }) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="amber">{repeatLabel[race.repeat]()}</Badge>
          <Badge tone="green">
            <span className="mr-1.5 size-1.5 animate-pulse rounded-full bg-emerald-300" aria-hidden="true" />
            {m.races_live()}
          </Badge>
        </div>
        <h2 className="truncate text-xl font-black text-white sm:text-2xl">{race.name}</h2>
        <p className="text-sm text-slate-400">{m.races_how()}</p>
      </div>
      <RaceCountdown label={m.races_ends_in()} until={race.endAt} />
    </Card>
  );
}

function MyPlace({ me, signedIn }: { me: CurrentRaceResponse['me']; signedIn: boolean }) {
  return (
    <Card className="p-5" data-testid="race-my-place">
      <h3 className={sectionTitle}>
        <Flag aria-hidden="true" className="size-4 text-emerald-300" />
        {m.races_your_place()}
      </h3>
      {me ? (
        <div className="mt-3 space-y-1">
          <p className="text-3xl font-black text-white tabular-nums">
            {m.races_your_rank({ rank: formatCount(me.rank) })}
          </p>
          <p className="text-sm text-slate-300">{m.races_your_amount({ amount: formatRobux(me.amount) })}</p>
          {me.prize > 0 && (
            <p className="text-sm font-semibold text-amber-300">
              {m.races_your_prize({ prize: formatRobux(me.prize) })}
            </p>
          )}
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-300">{signedIn ? m.races_not_in() : m.races_sign_in()}</p>
      )}
    </Card>
  );
}

function Prizes({ race }: { race: PublicRace }) {
  return (
    <Card className="p-5 md:col-span-2">
      <h3 className={sectionTitle}>
        <Gift aria-hidden="true" className="size-4 text-amber-300" />
        {m.races_prizes()}
      </h3>
      <ul className="mt-3 flex flex-wrap gap-2" data-testid="race-prizes">
        {race.prizes.map((tier) => (
          <li
            key={tier.from}
            className="flex items-baseline gap-2 rounded-xl border border-slate-800 bg-slate-950/60 px-3 py-2"
          >
            <span className="text-xs font-bold text-slate-400">{formatRanks(tier)}</span>
            <span className="font-black text-amber-200 tabular-nums">{formatRobux(tier.prize)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-400">{m.races_prizes_note()}</p>
    </Card>
  );
}

const columns = () => [
  { label: m.races_col_rank(), className: 'w-16 px-4 py-3 sm:w-20 sm:px-6' },
  { label: m.races_col_player(), className: 'px-2 py-3 sm:px-6' },
  { label: m.races_col_earned(), className: 'px-2 py-3 text-right whitespace-nowrap sm:px-6' },
  { label: m.races_col_prize(), className: 'px-4 py-3 text-right whitespace-nowrap sm:px-6' },
];

function Standings({ data, username }: { data: CurrentRaceResponse; username: string | null }) {
  const me = username?.toLowerCase();
  return (
    <Card className="overflow-hidden">
      <h3 className={cn(sectionTitle, 'px-5 pt-5 pb-3')}>
        <Medal aria-hidden="true" className="size-4 text-sky-300" />
        {m.races_standings()}
      </h3>
      {data.standings.length === 0 ? (
        <CardEmpty icon={Medal}>{m.races_empty()}</CardEmpty>
      ) : (
        <DataTable look="card" columns={columns()}>
          {data.standings.map((s) => {
            const isMe = s.username.toLowerCase() === me;
            return (
              <tr
                key={s.rank}
                aria-current={isMe ? 'true' : undefined}
                className={cn(cardRowClass, isMe && 'bg-emerald-400/10 hover:bg-emerald-400/15')}
              >
                <td className="px-4 py-3 font-bold text-slate-300 tabular-nums sm:px-6">
                  {formatCount(s.rank)}
                </td>
                <td className="w-full max-w-0 px-2 py-3 sm:px-6">
                  <span className="block truncate font-semibold text-white" title={s.username}>
                    {s.username}
                  </span>
                </td>
                <td className="px-2 py-3 text-right font-semibold whitespace-nowrap text-emerald-300 tabular-nums sm:px-6">
                  {formatRobux(s.amount)}
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-amber-200 tabular-nums sm:px-6">
                  {s.prize > 0 ? formatRobux(s.prize) : '–'}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </Card>
  );
}

function PreviousWinners({ previous }: { previous: NonNullable<CurrentRaceResponse['previous']> }) {
  return (
    <Card className="p-5" data-testid="race-previous">
      <h3 className={sectionTitle}>
        <Crown aria-hidden="true" className="size-4 text-amber-300" />
        <span className="min-w-0 truncate normal-case">{m.races_previous({ name: previous.race.name })}</span>
      </h3>
      {previous.winners.length === 0 ? (
        <p className="mt-3 text-sm text-slate-300">{m.races_previous_none()}</p>
      ) : (
        <ol className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {previous.winners.map((w) => (
            <li
              key={w.rank}
              className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-800 bg-slate-950/60 px-3 py-2"
            >
              <span className="text-xs font-bold text-slate-400 tabular-nums">
                {m.races_rank_single({ rank: formatCount(w.rank) })}
              </span>
              <span className="min-w-0 flex-1 truncate font-semibold text-white" title={w.username}>
                {w.username}
              </span>
              <span className="font-bold text-amber-200 tabular-nums">{formatRobux(w.prize)}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** The leaderboard's Race tab: the running race, the player's own place, its prizes, last winners. */
export function RaceBoard() {
  const session = useSession();
  const signedIn = Boolean(session?.token);
  const { data, isPending, isError } = useCurrentRace();
  if (isPending)
    return (
      <Card>
        <CardSpinner label={m.races_loading()} />
      </Card>
    );
  if (isError || !data)
    return (
      <Card>
        <CardEmpty icon={Timer}>{m.races_none()}</CardEmpty>
      </Card>
    );
  return (
    <div className="space-y-4">
      {data.race ? (
        <>
          <RaceHeader race={data.race} />
          <div className="grid gap-4 md:grid-cols-3">
            <MyPlace me={data.me} signedIn={signedIn} />
            <Prizes race={data.race} />
          </div>
          <Standings data={data} username={signedIn ? (session?.username ?? null) : null} />
        </>
      ) : (
        <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-300">{m.races_none()}</p>
          {data.next && (
            <RaceCountdown label={m.races_starts_in({ name: data.next.name })} until={data.next.startAt} />
          )}
        </Card>
      )}
      {data.previous && <PreviousWinners previous={data.previous} />}
    </div>
  );
}
