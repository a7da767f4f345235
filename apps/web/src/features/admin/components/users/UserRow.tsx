import { useState, type FormEvent, type MouseEvent } from 'react';
import { BookOpen, Plus } from 'lucide-react';
import type { AdminUserRow } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { ApiError } from '@/lib/api-client';
import { notifyBalanceUpdated } from '@/lib/balance';
import { formatRobux } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';
import { Badge } from '@/components/ui/Badge';
import { InlineInput } from '@/components/ui/FormField';
import { cellClass } from '@/components/ui/table-styles';
import { useCan } from '../../api/me';
import { useAddPoints, useToggleBan } from '../../api/users';

/** Under md the row becomes a card: each cell shows its column name above its value. */
const cell = cn(
  cellClass,
  'max-md:block max-md:border-0 max-md:p-0',
  'max-md:before:mb-0.5 max-md:before:block max-md:before:text-[11px] max-md:before:font-bold',
  'max-md:before:tracking-wide max-md:before:text-slate-500 max-md:before:uppercase',
  'max-md:before:content-[attr(data-label)]',
);

/** The server's sentence for a refused amount (the spec's alert in English). */
const INVALID_POINTS = 'Invalid points';

/** The spec's rule: a whole number greater than 0. */
function parsePoints(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Clicks on the row open the ledger, except those on its buttons and fields. */
function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, input, a, form, label') !== null;
}

export function UserRow({ user, onOpenLedger }: { user: AdminUserRow; onOpenLedger: () => void }) {
  const [points, setPoints] = useState('');
  const toggleBan = useToggleBan();
  const addPoints = useAddPoints();
  const status = user.status ?? 'active';
  const banned = status === 'banned';
  const canBan = useCan('users.ban');
  const canAddPoints = useCan('users.points');
  const [refused, setRefused] = useState(false);
  // Banning takes access away and adding points gives money: both wait for a yes. Unbanning acts at once.
  const { ask, dialog } = useConfirmation();

  function onToggleBan() {
    const toggle = () =>
      toggleBan.mutate(
        { id: user._id, status: banned ? 'active' : 'banned' },
        { onError: () => window.alert(m.admin_users_toggle_ban_failed()) },
      );
    ask(
      !banned && {
        title: m.admin_users_ban_title({ username: user.username }),
        question: m.admin_users_ban_question({ username: user.username }),
        confirm: m.admin_users_ban(),
        danger: true,
      },
      toggle,
    );
  }

  function onAddPoints(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addPoints.isPending) return;
    const value = parsePoints(points);
    setRefused(value === null);
    if (value === null) {
      window.alert(m.admin_users_invalid_points());
      return;
    }
    const amount = formatRobux(value);
    ask(
      {
        title: m.admin_users_add_title({ username: user.username }),
        question: m.admin_users_add_question({ amount, username: user.username }),
        confirm: m.admin_users_add_confirm({ amount }),
      },
      () =>
        addPoints.mutate(
          { userId: user._id, points: value },
          {
            onSuccess: () => {
              setPoints('');
              notifyBalanceUpdated(); // window event 'balanceUpdated'
              toastSuccess(
                m.admin_users_points_added(),
                m.admin_users_points_added_description({ amount, username: user.username }),
              );
            },
            onError: (err) =>
              window.alert(
                err instanceof ApiError && err.status === 400 && err.message === INVALID_POINTS
                  ? m.admin_users_invalid_points()
                  : m.admin_users_add_points_failed(),
              ),
          },
        ),
    );
  }

  function onRowClick(event: MouseEvent<HTMLTableRowElement>) {
    if (!isInteractive(event.target)) onOpenLedger();
  }

  return (
    <tr
      data-user-id={user._id}
      onClick={onRowClick}
      className="cursor-pointer transition-colors hover:bg-slate-800/30 max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:border-b max-md:border-slate-800/70 max-md:py-4"
    >
      <td data-label={m.admin_users_col_id()} className={cn(cell, 'font-mono text-xs text-slate-400')}>
        {user._id}
      </td>
      <td data-label={m.admin_users_col_username()} className={cell}>
        <div className="flex flex-col">
          <span className="flex flex-wrap items-center gap-1.5">
            <span className="font-semibold text-white">{user.username}</span>
            {user.linked && (
              <span title={m.admin_users_linked_hint()}>
                <Badge tone="amber">{m.admin_users_linked()}</Badge>
              </span>
            )}
          </span>
          <span className="text-xs text-slate-500">Roblox {user.robloxId}</span>
        </div>
      </td>
      <td data-label={m.admin_users_col_earnings()} className={cn(cell, 'whitespace-nowrap')}>
        <div className="flex flex-col">
          <span className="font-semibold text-emerald-300" data-testid="earnings">
            {formatRobux(user.earnings, { cents: 'always' })}
          </span>
          <span className="text-xs text-slate-400" data-testid="balance">
            {m.admin_users_balance({ amount: formatRobux(user.balance, { cents: 'always' }) })}
          </span>
        </div>
      </td>
      <td data-label={m.admin_users_col_status()} className={cell} data-testid="status">
        <Badge tone={banned ? 'red' : 'green'}>
          {banned ? m.admin_users_status_banned() : m.admin_users_status_active()}
        </Badge>
      </td>
      <td data-label={m.admin_col_actions()} className={cn(cell, 'max-md:col-span-2')}>
        {dialog}
        <div className="flex flex-wrap items-center gap-1.5">
          {canBan && (
            <Button
              variant={banned ? 'secondary' : 'danger'}
              size="sm"
              className="h-9 min-w-[4.5rem] px-3"
              disabled={toggleBan.isPending}
              onClick={onToggleBan}
              aria-label={(banned ? m.admin_users_unban_label : m.admin_users_ban_label)({
                username: user.username,
              })}
            >
              {banned ? m.admin_users_unban() : m.admin_users_ban()}
            </Button>
          )}
          {/* Where longer words leave no room, Ban goes on a line of its own above the points and ledger. */}
          <div className="flex items-center gap-1.5">
            {canAddPoints && (
              <form onSubmit={onAddPoints} noValidate className="flex items-center gap-1.5">
                <InlineInput
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  placeholder={m.admin_users_points_placeholder()}
                  aria-label={m.admin_users_points_label({ username: user.username })}
                  aria-invalid={refused || undefined}
                  value={points}
                  onChange={(event) => {
                    setPoints(event.target.value);
                    setRefused(false);
                  }}
                  className="w-24 shrink-0 px-2.5"
                />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  className="h-9"
                  disabled={addPoints.isPending}
                  aria-label={m.admin_users_add_label({ username: user.username })}
                >
                  <Plus aria-hidden="true" className="size-4" /> {m.admin_users_add()}
                </Button>
              </form>
            )}
            <Button
              variant="ghost"
              size="sm"
              className="h-9 w-9 px-0"
              onClick={onOpenLedger}
              aria-label={m.admin_users_ledger_label({ username: user.username })}
              title={m.admin_users_ledger()}
            >
              <BookOpen aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </div>
      </td>
    </tr>
  );
}
