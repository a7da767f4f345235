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
  if (r.excluded === 'deleted') return m.races_admin_result_deleted();
  if (r.excluded === 'linked') return m.races_admin_result_linked({ name: r.linkedTo ?? '?' });
  const rank = formatCount(r.prizeRank ?? 0);
  return r.paid ? m.races_admin_result_paid({ rank }) : m.races_admin_result_unpaid({ rank });
}

const heading = 'mb-2 text-xs font-bold tracking-wide text-slate-400 uppercase';

/** A row of a standings table. */
interface Standing {
  key: string | number;
  place: number;
  username: string;
  /** R$ earned in the race. */
  amount: number;
  /** R$ the place wins; 0 shows a dash. */
  prize: number;
  /** The table's own last cell: its text and classes. */
  last: { content: ReactNode; className: string };
}

/**
 * Both standings tables: place, player, earned and prize, then the table's own last column (`last`),
 * or the empty text when there is no standing.
 */
function StandingsTable({ last, rows }: { last: string; rows: Standing[] }) {
  if (rows.length === 0) return <EmptyState>{m.races_admin_standings_empty()}</EmptyState>;
  return (
    <DataTable
      columns={[
        m.races_admin_col_place(),
        m.races_admin_col_player(),
        m.races_admin_col_earned(),
        m.races_admin_col_prize(),
        last,
      ]}
    >
      {rows.map((row) => (
        <tr key={row.key}>
          <td className={cn(cellClass, 'tabular-nums')}>{formatCount(row.place)}</td>
          <td className={cn(cellClass, 'font-semibold text-white')}>{row.username}</td>
          <td className={cn(cellClass, 'text-emerald-300 tabular-nums')}>{formatRobux(row.amount)}</td>
          <td className={cn(cellClass, 'text-amber-200 tabular-nums')}>
            {row.prize > 0 ? formatRobux(row.prize) : '—'}
          </td>
          <td className={cn(cellClass, row.last.className)}>{row.last.content}</td>
        </tr>
      ))}
    </DataTable>
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
        ) : (
          <StandingsTable
            last={m.races_admin_col_result()}
            rows={results.map((r) => ({
              ...r,
              key: r.place,
              last: { content: resultText(r), className: r.excluded ? 'text-rose-300' : 'text-slate-300' },
            }))}
          />
        )}
      </section>
      {!decided && (
        <section>
          <h4 className={heading}>{m.races_admin_live()}</h4>
          <StandingsTable
            last={m.races_admin_col_reached()}
            rows={standings.map((s) => ({
              ...s,
              key: s.userId,
              place: s.rank,
              last: { content: formatDateTime(s.reachedAt), className: 'whitespace-nowrap text-slate-300' },
            }))}
          />
        </section>
      )}
    </div>
  );
}
