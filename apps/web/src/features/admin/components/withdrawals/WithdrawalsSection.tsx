import { useEffect, useState } from 'react';
import type { WithdrawalStateName } from '@rewards/contracts';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { DataTable } from '@/components/ui/DataTable';
import { pageCount, Pager } from '@/components/ui/Pager';
import { Panel } from '@/components/ui/Panel';
import { cn } from '@/lib/cn';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useWithdrawalAction, useWithdrawals, WITHDRAWALS_PAGE_SIZE } from '../../api/withdrawals';
import { formatCount } from '../format';
import { ListBody } from '../ListStates';
import { retryFailed, SectionError } from '../SectionError';
import type { Decision } from './decisions';
import { firstTabWithWork, tabs } from './states';
import { withdrawalColumns, WithdrawalRow } from './WithdrawalRow';

/**
 * The payout queue by state; every action asks for confirmation first. It opens on the first tab
 * with withdrawals waiting (each answer counts them by state), until the admin picks a tab.
 */
export function WithdrawalsSection() {
  const [chosen, setChosen] = useState<WithdrawalStateName | null>(null);
  const state = chosen ?? 'pending';
  const [page, setPage] = useState(1);
  const list = useWithdrawals(state, page);
  const waiting = list.data?.waiting;
  useEffect(() => {
    if (chosen !== null || !waiting) return;
    const busiest = firstTabWithWork(waiting);
    if (busiest && busiest !== 'pending') setChosen(busiest);
  }, [chosen, waiting]);
  const action = useWithdrawalAction();
  const [rejecting, setRejecting] = useState<number | null>(null);
  const { ask, dialog } = useConfirmation();

  const rows = list.data?.withdrawals ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, WITHDRAWALS_PAGE_SIZE);
  const tab = tabs.find((t) => t.state === state);

  function decide({ action: call, confirmation, done }: Decision) {
    action.reset();
    ask(confirmation, () =>
      action.mutate(call, {
        onSuccess: () => {
          setRejecting(null);
          toastSuccess(done);
        },
      }),
    );
  }

  return (
    <Panel>
      {dialog}
      <div role="tablist" aria-label={m.admin_wd_state_tabs()} className="mb-4 flex flex-wrap gap-1.5">
        {tabs.map((t) => {
          const selected = t.state === state;
          const count = waiting?.find((w) => w.state === t.state)?.count ?? 0;
          return (
            <button
              key={t.state}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => {
                setChosen(t.state);
                setPage(1);
                setRejecting(null);
                action.reset();
              }}
              className={cn(
                'rounded-xl px-3.5 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-emerald-400',
                selected
                  ? 'bg-emerald-400/10 text-emerald-300 ring-1 ring-emerald-400/25'
                  : 'text-slate-300 hover:bg-slate-800/70 hover:text-white',
              )}
            >
              {t.label()}
              {count > 0 && (
                <>
                  {' '}
                  <span className="ml-1 rounded-full bg-amber-400/15 px-1.5 text-xs text-amber-200 tabular-nums">
                    {formatCount(count)}
                  </span>
                </>
              )}
            </button>
          );
        })}
      </div>

      <SectionError error={action.error ?? list.error} onRetry={retryFailed(list)} />

      <div role="tabpanel" aria-label={tab?.label()}>
        <ListBody query={list} count={rows.length} loading={m.admin_wd_loading()} empty={tab?.empty()}>
          <DataTable columns={withdrawalColumns()} className="min-w-[40rem]">
            {rows.map((w) => (
              <WithdrawalRow
                key={w.id}
                w={w}
                busy={action.isPending}
                rejecting={rejecting === w.id}
                onRejecting={(open) => {
                  action.reset();
                  setRejecting(open ? w.id : null);
                }}
                onDecide={decide}
              />
            ))}
          </DataTable>
          <Pager page={page} pages={pages} onPage={setPage}>
            {m.admin_wd_pager({
              count: total,
              n: formatCount(total),
              page: formatCount(page),
              pages: formatCount(pages),
            })}
          </Pager>
        </ListBody>
      </div>
    </Panel>
  );
}
