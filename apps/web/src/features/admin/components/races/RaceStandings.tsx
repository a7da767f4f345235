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
              <tr key={r.place}>
                <td className={cn(cellClass, 'tabular-nums')}>{formatCount(r.place)}</td>
                <td className={cn(cellClass, 'font-semibold text-white')}>{r.username}</td>
                <td className={cn(cellClass, 'text-emerald-300 tabular-nums')}>{formatRobux(r.amount)}</td>
                <td className={cn(cellClass, 'text-amber-200 tabular-nums')}>
                  {r.prize > 0 ? formatRobux(r.prize) : '—'}
                </td>
                <td className={cn(cellClass, r.excluded ? 'text-rose-300' : 'text-slate-300')}>
                  {resultText(r)}
                </td>
              </tr>
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
                m.races_admin_col_reached(),
                m.races_admin_col_prize(),
              ]}
            >
              {standings.map((s) => (
                <tr key={s.userId}>
                  <td className={cn(cellClass, 'tabular-nums')}>{formatCount(s.rank)}</td>
                  <td className={cn(cellClass, 'font-semibold text-white')}>{s.username}</td>
                  <td className={cn(cellClass, 'text-emerald-300 tabular-nums')}>{formatRobux(s.amount)}</td>
                  <td className={cn(cellClass, 'whitespace-nowrap text-slate-300')}>
                    {formatDateTime(s.reachedAt)}
                  </td>
                  <td className={cn(cellClass, 'text-amber-200 tabular-nums')}>
                    {s.prize > 0 ? formatRobux(s.prize) : '—'}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>
      )}
    </div>
  );
}
