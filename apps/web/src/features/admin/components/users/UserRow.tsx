import { useState, type FormEvent, type MouseEvent } from 'react';
import { BookOpen, Plus } from 'lucide-react';
import type { AdminUserRow } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { ApiError } from '@/lib/api-client';
import { notifyBalanceUpdated } from '@/lib/balance';
import { formatRobux } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/cn';
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

  function onToggleBan() {
    toggleBan.mutate(
      { id: user._id, status: banned ? 'active' : 'banned' },
      { onError: () => window.alert('Failed to toggle ban status') },
    );
  }

  function onAddPoints(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addPoints.isPending) return;
    const value = parsePoints(points);
    if (value === null) {
      window.alert(INVALID_POINTS);
      return;
    }
    addPoints.mutate(
      { userId: user._id, points: value },
      {
        onSuccess: () => {
          setPoints('');
          notifyBalanceUpdated(); // window event 'balanceUpdated'
          toastSuccess('Points added', `${formatRobux(value)} credited to ${user.username}.`);
        },
        onError: (err) =>
          window.alert(
            err instanceof ApiError && err.status === 400 && err.message === INVALID_POINTS
              ? INVALID_POINTS
              : 'Failed to add points',
          ),
      },
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
      <td data-label="User ID" className={cn(cell, 'font-mono text-xs text-slate-400')}>
        {user._id}
      </td>
      <td data-label="Username" className={cell}>
        <div className="flex flex-col">
          <span className="flex flex-wrap items-center gap-1.5">
            <span className="font-semibold text-white">{user.username}</span>
            {user.linked && (
              <span title="Shares a browser or sign-in address with another account (open the row to see which)">
                <Badge tone="amber">linked</Badge>
              </span>
            )}
          </span>
          <span className="text-xs text-slate-500">Roblox {user.robloxId}</span>
        </div>
      </td>
      <td data-label="Earnings" className={cn(cell, 'whitespace-nowrap')}>
        <div className="flex flex-col">
          <span className="font-semibold text-emerald-300" data-testid="earnings">
            {formatRobux(user.earnings)}
          </span>
          <span className="text-xs text-slate-400" data-testid="balance">
            Balance {formatRobux(user.balance)}
          </span>
        </div>
      </td>
      <td data-label="Status" className={cell} data-testid="status">
        <Badge tone={banned ? 'red' : 'green'}>{status}</Badge>
      </td>
      <td data-label="Actions" className={cn(cell, 'max-md:col-span-2')}>
        <div className="flex w-max items-center gap-1.5">
          {canBan && (
            <Button
              variant={banned ? 'secondary' : 'danger'}
              size="sm"
              className="h-9 w-[4.5rem] px-0"
              disabled={toggleBan.isPending}
              onClick={onToggleBan}
              aria-label={`${banned ? 'Unban' : 'Ban'} ${user.username}`}
            >
              {banned ? 'Unban' : 'Ban'}
            </Button>
          )}
          {canAddPoints && (
            <form onSubmit={onAddPoints} noValidate className="flex items-center gap-1.5">
              <InlineInput
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="Points"
                aria-label={`Points to add to ${user.username}`}
                value={points}
                onChange={(event) => setPoints(event.target.value)}
                className="w-20 shrink-0 px-2.5"
              />
              <Button
                type="submit"
                variant="secondary"
                size="sm"
                className="h-9"
                disabled={addPoints.isPending}
                aria-label={`Add points to ${user.username}`}
              >
                <Plus aria-hidden="true" className="size-4" /> Add
              </Button>
            </form>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="h-9 w-9 px-0"
            onClick={onOpenLedger}
            aria-label={`Ledger of ${user.username}`}
            title="Ledger"
          >
            <BookOpen aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </td>
    </tr>
  );
}
