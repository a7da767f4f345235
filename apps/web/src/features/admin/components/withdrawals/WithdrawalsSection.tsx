import { useState, type FormEvent } from 'react';
import { ExternalLink } from 'lucide-react';
import { gamepassLink, type AdminWithdrawalRow, type WithdrawalStateName } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/cn';
import {
  useWithdrawalAction,
  useWithdrawals,
  WITHDRAWALS_PAGE_SIZE,
  type WithdrawalAction,
} from '../../api/withdrawals';
import { formatCount, formatDateTime, formatShortDateTime } from '../format';
import {
  Badge,
  confirmThen,
  DataTable,
  InlineInput,
  ListBody,
  pageCount,
  Pager,
  Panel,
  retryFailed,
  RowButton,
  SectionError,
  tdClass,
} from '../shared';

const tabs: { state: WithdrawalStateName; label: string; empty?: string }[] = [
  { state: 'pending', label: 'Pending' },
  { state: 'in_review', label: 'To approve', empty: 'No withdrawals wait for review.' },
  { state: 'held', label: 'Held', empty: 'No withdrawals are held for a ban.' },
  { state: 'needs_review', label: 'Needs review' },
  { state: 'purchasing', label: 'Purchasing' },
  { state: 'paid', label: 'Paid' },
  { state: 'refunded', label: 'Refunded' },
];

const stateTone = {
  pending: 'sky',
  purchasing: 'sky',
  needs_review: 'amber',
  in_review: 'amber',
  held: 'red',
  paid: 'green',
  refunded: 'slate',
} as const satisfies Record<WithdrawalStateName, string>;

/** What the state badge says: `in_review` is the review queue; `held` waits because of a ban. */
const stateLabel = (state: WithdrawalStateName) =>
  state === 'in_review' ? 'in review' : state === 'held' ? 'held (ban)' : state.replace('_', ' ');

const columns = ['Player', 'Gamepass', 'Amount / price', 'Created / updated', 'Actions'];

/** The payout queue by state; every action asks for confirmation first. */
export function WithdrawalsSection() {
  const [state, setState] = useState<WithdrawalStateName>('pending');
  const [page, setPage] = useState(1);
  const list = useWithdrawals(state, page);
  const action = useWithdrawalAction();
  const [rejecting, setRejecting] = useState<number | null>(null);

  const rows = list.data?.withdrawals ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, WITHDRAWALS_PAGE_SIZE);

  function perform(a: WithdrawalAction, question: string, done: string) {
    action.reset();
    return confirmThen(question, () =>
      action.mutate(a, {
        onSuccess: () => {
          setRejecting(null);
          toastSuccess(done);
        },
      }),
    );
  }

  function describe(w: AdminWithdrawalRow): string {
    return `withdrawal #${w.id} of ${formatRobux(w.robux)} to ${w.username} (gamepass ${w.gamepassId}, price R$ ${w.price})`;
  }

  return (
    <Panel>
      <div role="tablist" aria-label="Withdrawal state" className="mb-4 flex flex-wrap gap-1.5">
        {tabs.map((tab) => {
          const selected = tab.state === state;
          return (
            <button
              key={tab.state}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => {
                setState(tab.state);
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
              {tab.label}
            </button>
          );
        })}
      </div>

      <SectionError error={action.error ?? list.error} onRetry={retryFailed(list)} />

      <div role="tabpanel" aria-label={tabs.find((t) => t.state === state)?.label}>
        <ListBody
          query={list}
          count={rows.length}
          loading="Loading withdrawals..."
          empty={
            tabs.find((t) => t.state === state)?.empty ?? (
              <>No {tabs.find((t) => t.state === state)?.label.toLowerCase()} withdrawals.</>
            )
          }
        >
          <DataTable columns={columns} className="min-w-[40rem]">
            {rows.map((w) => (
              <tr key={w.id} data-withdrawal-id={w.id}>
                <td className={tdClass}>
                  <p className="flex items-center gap-1.5 font-semibold text-white">
                    {w.username}
                    {w.playerStatus === 'banned' && <Badge tone="red">banned</Badge>}
                  </p>
                  <p className="text-xs whitespace-nowrap text-slate-500">
                    #{w.id} · user {w.userId} · Roblox {w.robloxId}
                  </p>
                </td>
                <td className={cn(tdClass, 'whitespace-nowrap')}>
                  <a
                    href={gamepassLink(w.gamepassId)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-mono text-xs text-sky-300 underline-offset-2 hover:underline"
                  >
                    {w.gamepassId} <ExternalLink aria-hidden="true" className="size-3.5" />
                  </a>
                </td>
                <td className={cn(tdClass, 'whitespace-nowrap')}>
                  <p className="font-semibold text-emerald-300">{formatRobux(w.robux)}</p>
                  <p className="text-xs text-slate-400 tabular-nums">price R$ {formatCount(w.price)}</p>
                </td>
                <td className={cn(tdClass, 'text-xs text-slate-400')}>
                  <Stamp label="created" iso={w.createdAt} />
                  <Stamp label="updated" iso={w.updatedAt} />
                  <div className="mt-1 flex flex-wrap items-center gap-1.5">
                    <Badge tone={stateTone[w.state]}>{stateLabel(w.state)}</Badge>
                    {w.attempts > 0 && <span>{w.attempts} attempts</span>}
                    {w.payDespiteBan && <span className="text-rose-300">paid despite ban</span>}
                  </div>
                  {w.reviewReasons.length > 0 && <ReviewReasons reasons={w.reviewReasons} />}
                  {w.lastError && (
                    <p className="mt-1 max-w-48 break-words text-amber-200/80">{w.lastError}</p>
                  )}
                </td>
                <td className={tdClass}>
                  {w.state === 'pending' &&
                    (rejecting === w.id ? (
                      <RejectForm
                        busy={action.isPending}
                        onCancel={() => setRejecting(null)}
                        onReject={(reason) =>
                          perform(
                            { kind: 'reject', id: w.id, reason },
                            `Reject ${describe(w)}? The amount goes back to the player's balance.\n\nReason: ${reason}`,
                            `Withdrawal #${w.id} rejected and refunded`,
                          )
                        }
                      />
                    ) : (
                      <div className="flex flex-wrap gap-2">
                        <RowButton
                          disabled={action.isPending}
                          onClick={() =>
                            perform(
                              { kind: 'paid', id: w.id },
                              `Mark ${describe(w)} as paid? Do this only after buying the gamepass.`,
                              `Withdrawal #${w.id} marked paid`,
                            )
                          }
                        >
                          Mark paid
                        </RowButton>
                        <RowButton
                          variant="danger"
                          disabled={action.isPending}
                          onClick={() => {
                            action.reset();
                            setRejecting(w.id);
                          }}
                        >
                          Reject
                        </RowButton>
                      </div>
                    ))}
                  {w.state === 'needs_review' && (
                    <div className="flex flex-wrap gap-2">
                      <RowButton
                        disabled={action.isPending}
                        onClick={() =>
                          perform(
                            { kind: 'resolve', id: w.id, outcome: 'paid' },
                            `Resolve ${describe(w)} as paid? Confirm first that the payout account owns the gamepass.`,
                            `Withdrawal #${w.id} resolved as paid`,
                          )
                        }
                      >
                        Resolve as paid
                      </RowButton>
                      <RowButton
                        variant="danger"
                        disabled={action.isPending}
                        onClick={() =>
                          perform(
                            { kind: 'resolve', id: w.id, outcome: 'refunded' },
                            `Resolve ${describe(w)} as refunded? Confirm first that the gamepass was NOT bought; the amount goes back to the player.`,
                            `Withdrawal #${w.id} resolved as refunded`,
                          )
                        }
                      >
                        Resolve as refunded
                      </RowButton>
                    </div>
                  )}
                  {(w.state === 'in_review' || w.state === 'held') && (
                    <div className="flex flex-wrap gap-2">
                      <RowButton
                        disabled={action.isPending}
                        onClick={() =>
                          perform(
                            { kind: 'decide', id: w.id, decision: 'approve' },
                            w.state === 'held'
                              ? `Pay ${describe(w)} although ${w.username} is banned? It goes to payment and the ban no longer stops it.`
                              : `Approve ${describe(w)}? It goes to payment like any pending withdrawal.`,
                            w.state === 'held'
                              ? `Withdrawal #${w.id} goes to payment despite the ban`
                              : `Withdrawal #${w.id} approved`,
                          )
                        }
                      >
                        {w.state === 'held' ? 'Pay anyway' : 'Approve'}
                      </RowButton>
                      <RowButton
                        variant="danger"
                        disabled={action.isPending}
                        onClick={() =>
                          perform(
                            { kind: 'decide', id: w.id, decision: 'refund' },
                            `${w.state === 'held' ? 'Refund' : 'Reject'} ${describe(w)}? The amount goes back to the player's balance.`,
                            `Withdrawal #${w.id} ${w.state === 'held' ? 'refunded' : 'rejected and refunded'}`,
                          )
                        }
                      >
                        {w.state === 'held' ? 'Refund' : 'Reject'}
                      </RowButton>
                    </div>
                  )}
                  {!['pending', 'needs_review', 'in_review', 'held'].includes(w.state) && (
                    <span className="text-xs text-slate-500">
                      {w.paidAt ? `Paid ${formatDateTime(w.paidAt)}` : '—'}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager page={page} pages={pages} onPage={setPage}>
            {formatCount(total)} {total === 1 ? 'withdrawal' : 'withdrawals'} · page {formatCount(page)} of{' '}
            {formatCount(pages)}
          </Pager>
        </ListBody>
      </div>
    </Panel>
  );
}

/** Why the withdrawal went to review (every rule that applied). */
function ReviewReasons({ reasons }: { reasons: AdminWithdrawalRow['reviewReasons'] }) {
  return (
    <ul data-testid="review-reasons" className="mt-1 max-w-64 list-disc pl-4 text-amber-100/90">
      {reasons.map((r) => (
        <li key={r.code} data-reason={r.code} className="break-words">
          {r.text}
        </li>
      ))}
    </ul>
  );
}

function Stamp({ label, iso }: { label: string; iso: string }) {
  return (
    <p className="whitespace-nowrap" title={formatDateTime(iso)}>
      <span className="text-slate-500">{label} </span>
      {formatShortDateTime(iso)}
    </p>
  );
}

function RejectForm({
  busy,
  onReject,
  onCancel,
}: {
  busy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return;
    onReject(text);
  }
  return (
    <form onSubmit={onSubmit} className="flex min-w-56 flex-col gap-2">
      <InlineInput
        className="w-full"
        aria-label="Reason for rejecting"
        placeholder="Reason (shown in the audit log)"
        maxLength={300}
        autoFocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex gap-2">
        <RowButton type="submit" variant="danger" disabled={busy || !reason.trim()}>
          Reject and refund
        </RowButton>
        <RowButton variant="ghost" onClick={onCancel}>
          Cancel
        </RowButton>
      </div>
    </form>
  );
}
