import type { ReactNode } from 'react';
import type { AdminRaceResult } from '@rewards/contracts';
import { EmptyState, LoadingRow } from '@/components/ui/CardStates';
import { DataTable } from '@/components/ui/DataTable';
import { cellClass } from '@/components/ui/table-styles';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';
import { useRaceStandings } from '../../api/races';
import { formatCount, formatDateTime, formatRobux } from '../format';
import { SectionError } from '../SectionError';

function resultText(r: AdminRaceResult): string {
  if (r.excluded === 'banned') return m.races_admin_result_banned();
  if (r.excluded === 'linked') return m.races_admin_result_linked({ name: r.linkedTo ?? '?' });
  const rank = formatCount(r.prizeRank ?? 0);
  return r.paid ? m.races_admin_result_paid({ rank }) : m.races_admin_result_unpaid({ rank });
}

const heading = 'mb-2 text-xs font-bold tracking-wide text-slate-400 uppercase';

interface StandingRowProps {
  place: number;
  username: string;
  /** R$ earned in the race. */
  amount: number;
  /** R$ the place wins; 0 shows a dash. */
  prize: number;
  /** A last cell of the table's own (the result, when the standing was reached), if it has one. */
  last?: { content: ReactNode; className: string };
}

/** One row of both standings tables: place, player, earned and prize, then the table's own column. */
function StandingRow({ place, username, amount, prize, last }: StandingRowProps) {
  return (
    <tr>
      <td className={cn(cellClass, 'tabular-nums')}>{formatCount(place)}</td>
      <td className={cn(cellClass, 'font-semibold text-white')}>{username}</td>
      <td className={cn(cellClass, 'text-emerald-300 tabular-nums')}>{formatRobux(amount)}</td>
      <td className={cn(cellClass, 'text-amber-200 tabular-nums')}>{prize > 0 ? formatRobux(prize) : '—'}</td>
      {last && <td className={cn(cellClass, last.className)}>{last.content}</td>}
    </tr>
  );
}

/** A race's standings now and, once decided, who the prizes went to and who was passed over, and why. */
export function RaceStandings({ id }: { id: number }) {
  const query = useRaceStandings(id);
  if (query.isPending) return <LoadingRow label={m.races_admin_standings_loading()} />;
  if (query.isError) return <SectionError error={query.error} title={m.races_admin_standings_failed()} />;
  const { standings, results, race } = query.data;
  const decided = race.state === 'final' || race.state === 'paid';
  return (
    <div className="space-y-5 py-2" data-testid={`race-standings-${id}`}>
      <section>
        <h4 className={heading}>{m.races_admin_results()}</h4>
        {!decided ? (
          <p className="text-sm text-slate-400">{m.races_admin_results_pending()}</p>
        ) : results.length === 0 ? (
          <EmptyState>{m.races_admin_standings_empty()}</EmptyState>
        ) : (
          <DataTable
            columns={[
              m.races_admin_col_place(),
              m.races_admin_col_player(),
              m.races_admin_col_earned(),
              m.races_admin_col_prize(),
              m.races_admin_col_result(),
            ]}
          >
            {results.map((r) => (
              <StandingRow
                key={r.place}
                place={r.place}
                username={r.username}
                amount={r.amount}
                prize={r.prize}
                last={{ content: resultText(r), className: r.excluded ? 'text-rose-300' : 'text-slate-300' }}
              />
            ))}
          </DataTable>
        )}
      </section>
      {!decided && (
        <section>
          <h4 className={heading}>{m.races_admin_live()}</h4>
          {standings.length === 0 ? (
            <EmptyState>{m.races_admin_standings_empty()}</EmptyState>
          ) : (
            <DataTable
              columns={[
                m.races_admin_col_place(),
                m.races_admin_col_player(),
                m.races_admin_col_earned(),
                m.races_admin_col_prize(),
                m.races_admin_col_reached(),
              ]}
            >
              {standings.map((s) => (
                <StandingRow
                  key={s.userId}
                  place={s.rank}
                  username={s.username}
                  amount={s.amount}
                  prize={s.prize}
                  last={{
                    content: formatDateTime(s.reachedAt),
                    className: 'whitespace-nowrap text-slate-300',
                  }}
                />
              ))}
            </DataTable>
          )}
        </section>
      )}
    </div>
  );
}
