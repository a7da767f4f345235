// Not the profile's Trash2: an icon shared by a player page and the console regroups the build's
// shared chunks and put the toaster into the landing page's start-up (e2e/web-speed.test.ts).
import { UserX } from 'lucide-react';
import {
  ACCOUNT_DELETION_CONFIRM,
  type AccountDeletionResponse,
  type AdminUserRow,
} from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';
import { Button } from '@/components/ui/Button';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { formatRobux } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { useCan } from '../../api/me';
import { useAdminMutation } from '../../api/admin-query';
import { adminFetch, adminKeys, invalidate } from '../../api/client';
import { SectionError } from '../SectionError';

/**
 * "Delete account" in a player's view, for a deletion the player asked for (owner only, audited by the
 * server). The server refuses while a withdrawal is on its way; its words are shown here.
 */
export function DeleteUserAction({ user, onDeleted }: { user: AdminUserRow; onDeleted: () => void }) {
  const canDelete = useCan('users.delete');
  const { ask, dialog } = useConfirmation();
  const remove = useAdminMutation(
    () =>
      adminFetch<AccountDeletionResponse>(`/api/admin/users/${user._id}/delete`, {
        method: 'POST',
        body: { confirm: ACCOUNT_DELETION_CONFIRM },
      }),
    () => invalidate(adminKeys.users, adminKeys.audit, adminKeys.overview),
  );
  if (!canDelete) return null;

  function onDelete() {
    ask(
      {
        title: m.admin_delete_title({ username: user.username }),
        question: m.admin_delete_question({ balance: formatRobux(user.balance, { cents: 'always' }) }),
        confirm: m.admin_delete_confirm(),
        danger: true,
      },
      () =>
        remove.mutate(undefined, {
          onSuccess: (result) => {
            toastSuccess(
              m.admin_delete_done(),
              m.admin_delete_forfeited({ amount: formatRobux(result.forfeited, { cents: 'always' }) }),
            );
            onDeleted();
          },
        }),
    );
  }

  return (
    <section aria-label={m.admin_delete_confirm()} className="mt-6 border-t border-slate-800 pt-4">
      {dialog}
      <SectionError error={remove.error} title={m.admin_delete_failed()} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-400">{m.admin_delete_note()}</p>
        <Button variant="danger" size="sm" disabled={remove.isPending} onClick={onDelete}>
          <UserX aria-hidden="true" className="size-4" /> {m.admin_delete_confirm()}
        </Button>
      </div>
    </section>
  );
}
