import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import type { TransactionItem, TransactionState } from '@rewards/contracts';
import { DataTable } from '@/components/ui/DataTable';
import { cardRowClass } from '@/components/ui/table-styles';
import { cn } from '@/lib/cn';
import { describeTransaction } from '@/lib/describe-transaction';
import { formatDateTime, formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

const stateLabels: Record<TransactionState, () => string> = {
  pending: m.transactions_state_pending,
  under_review: m.transactions_state_under_review,
  paid: m.transactions_state_paid,
  refunded: m.transactions_state_refunded,
};

const stateStyles: Record<TransactionState, string> = {
  pending: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
  under_review: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
  paid: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200',
  refunded: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
};

function StateBadge({ state }: { state: TransactionState }) {
  return (
    <span
      data-testid="transaction-state"
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold',
        stateStyles[state],
      )}
    >
      {/* A flex item is a block, so ::first-letter applies: "Under review", "In afwachting". */}
      <span className="first-letter:uppercase">{stateLabels[state]()}</span>
    </span>
  );
}

function TypeLabel({ item }: { item: TransactionItem }) {
  const earned = item.type === 'earn';
  const Icon = earned ? ArrowDownLeft : ArrowUpRight;
  return (
    <span className="inline-flex items-center gap-2 font-semibold whitespace-nowrap">
      <span
        className={cn(
          'inline-flex size-7 shrink-0 items-center justify-center rounded-full',
          earned ? 'bg-emerald-400/15 text-emerald-300' : 'bg-rose-400/15 text-rose-300',
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className={earned ? 'text-emerald-200' : 'text-rose-200'}>
        {earned ? m.transactions_earned() : m.transactions_withdrawn()}
      </span>
    </span>
  );
}

/** Built at render, so the headers follow the language. */
const columns = () => [
  { label: m.transactions_column_type(), className: 'px-6 py-3' },
  { label: m.transactions_column_amount(), className: 'px-4 py-3 text-right' },
  { label: m.transactions_column_description(), className: 'px-4 py-3' },
  { label: m.transactions_column_date(), className: 'px-6 py-3 text-right' },
];

/**
 * A table at sm and wider; below, each row becomes a card (one DOM, so it reads the same to
 * assistive technology and tests at every width).
 */
export function TransactionsTable({ items }: { items: TransactionItem[] }) {
  return (
    <DataTable look="card" columns={columns()} headClassName="max-sm:sr-only">
      {items.map((item) => {
        const earned = item.type === 'earn';
        return (
          <tr
            key={item.id}
            data-testid="transaction-row"
            className={cn(
              cardRowClass,
              'max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1.5 max-sm:px-4 max-sm:py-4',
            )}
          >
            <td className="px-6 py-3 max-sm:p-0">
              <span className="inline-flex flex-wrap items-center gap-2">
                <TypeLabel item={item} />
                {item.state && <StateBadge state={item.state} />}
              </span>
            </td>
            <td
              className={cn(
                'px-4 py-3 text-right font-bold whitespace-nowrap tabular-nums max-sm:p-0',
                earned ? 'text-emerald-300' : 'text-rose-300',
              )}
            >
              <span aria-hidden="true">{earned ? '+' : '−'}</span>
              <span className="sr-only">{`${earned ? m.transactions_plus() : m.transactions_minus()} `}</span>
              {formatRobux(item.amount, { cents: 'always' })}
            </td>
            <td className="px-4 py-3 break-words text-slate-200 max-sm:col-span-2 max-sm:p-0 max-sm:pl-9">
              {describeTransaction(item)}
            </td>
            <td className="px-6 py-3 text-right whitespace-nowrap text-slate-400 max-sm:col-span-2 max-sm:p-0 max-sm:pl-9 max-sm:text-left max-sm:text-xs">
              <time dateTime={item.date}>{formatDateTime(item.date)}</time>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
