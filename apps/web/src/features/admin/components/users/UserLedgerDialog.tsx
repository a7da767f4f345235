import * as Dialog from '@radix-ui/react-dialog';
import type { AdminUserRow } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';
import { formatRobux } from '@/lib/format';
import { describeTransaction } from '@/lib/describe-transaction';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/Badge';
import { EmptyState, LoadingRow } from '@/components/ui/CardStates';
import { DataTable } from '@/components/ui/DataTable';
import { cellClass } from '@/components/ui/table-styles';
import { DialogCloseButton } from '@/components/ui/DialogCloseButton';
import { useUserLedger } from '../../api/users';
import { formatDateTime } from '../format';
import { DeleteUserAction } from './DeleteUserAction';
import { LinkedAccountsPanel } from './LinkedAccountsPanel';
import { UserMoneyPanel } from './UserMoneyPanel';
import { LoadOlder } from '../ListStates';
import { retryFailed, SectionError } from '../SectionError';

const columns = () => [
  m.admin_col_when(),
  m.admin_ledger_col_kind(),
  m.admin_ledger_col_description(),
  { label: m.admin_ledger_col_amount(), className: 'text-right' },
];

/** The ledger's kinds in the admin's language; a kind added later shows as the server names it. */
export const KIND_LABEL: Record<string, () => string> = {
  offer: m.admin_ledger_kind_offer,
  survey: m.admin_ledger_kind_survey,
  social: m.admin_ledger_kind_social,
  daily: m.admin_ledger_kind_daily,
  promo: m.admin_ledger_kind_promo,
  referral: m.admin_ledger_kind_referral,
  giveaway: m.admin_ledger_kind_giveaway,
  level: m.admin_ledger_kind_level,
  race: m.races_ledger_kind,
  admin: m.admin_ledger_kind_admin,
  withdrawal: m.admin_ledger_kind_withdrawal,
  withdrawal_refund: m.admin_ledger_kind_withdrawal_refund,
  reversal: m.admin_ledger_kind_reversal,
  forfeit: m.admin_ledger_kind_forfeit,
};

/** A player's ledger (`GET /api/admin/users/{id}/ledger`), newest first. */
export function UserLedgerDialog({ user, onClose }: { user: AdminUserRow | null; onClose: () => void }) {
  return (
    <Dialog.Root open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-x-2 top-[5vh] z-50 mx-auto flex max-h-[90vh] max-w-3xl flex-col rounded-2xl border border-slate-800 bg-slate-950 shadow-2xl sm:inset-x-6">
          <div className="flex items-start justify-between gap-3 border-b border-slate-800 px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-white">
                {m.admin_users_ledger_label({ username: user?.username ?? '' })}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-slate-400">
                {user
                  ? m.admin_ledger_summary({
                      id: user._id,
                      balance: formatRobux(user.balance, { cents: 'always' }),
                      earned: formatRobux(user.earnings, { cents: 'always' }),
                    })
                  : ''}
              </Dialog.Description>
            </div>
            <DialogCloseButton label={m.admin_ledger_close()} />
          </div>
          <div className="overflow-y-auto px-5 py-4">
            {user && <UserMoneyPanel userId={user._id} />}
            {user && <LinkedAccountsPanel userId={user._id} />}
            {user && <LedgerTable userId={user._id} />}
            {user && <DeleteUserAction user={user} onDeleted={onClose} />}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LedgerTable({ userId }: { userId: number }) {
  const ledger = useUserLedger(userId);
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];

  if (ledger.isPending) return <LoadingRow label={m.admin_ledger_loading()} />;
  return (
    <>
      <SectionError error={ledger.error} title={m.admin_ledger_load_failed()} onRetry={retryFailed(ledger)} />
      {entries.length === 0 && !ledger.isError ? (
        <EmptyState>{m.admin_ledger_empty()}</EmptyState>
      ) : (
        <DataTable columns={columns()}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className={cn(cellClass, 'whitespace-nowrap text-slate-400')}>
                {formatDateTime(entry.createdAt)}
              </td>
              <td className={cellClass}>
                <Badge tone={entry.amount >= 0 ? 'green' : 'amber'}>
                  {KIND_LABEL[entry.kind]?.() ?? entry.kind}
                </Badge>
              </td>
              <td className={cn(cellClass, 'text-slate-200')}>{describeTransaction(entry)}</td>
              <td
                className={cn(
                  cellClass,
                  'text-right font-semibold whitespace-nowrap tabular-nums',
                  entry.amount >= 0 ? 'text-emerald-300' : 'text-rose-300',
                )}
              >
                {entry.amount >= 0 ? '+' : '−'}
                {formatRobux(Math.abs(entry.amount), { cents: 'always' })}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <LoadOlder query={ledger} label={m.admin_load_older_entries()} />
    </>
  );
}
