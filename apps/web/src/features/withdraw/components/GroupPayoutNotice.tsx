import { CircleCheck, ExternalLink, Hourglass, RefreshCw, TriangleAlert, Users } from 'lucide-react';
import type { GroupEligibility, PayoutOptionsResponse } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { formatRobux } from '@/lib/format';
import { toastError } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useCheckPayoutOptions } from '../api/payout-options';

type Group = NonNullable<PayoutOptionsResponse['group']>;

const tones = {
  ok: 'border-emerald-400/30 bg-emerald-400/5 text-emerald-100',
  wait: 'border-amber-400/30 bg-amber-400/5 text-amber-100',
} as const;

/**
 * Asks Roblox again at once (the page otherwise keeps an answer for a minute), for a player who has
 * just joined the group. An answer that changes nothing says it was checked, so the press is seen.
 */
function CheckAgain() {
  const check = useCheckPayoutOptions();
  const busy = check.isPending;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
      <Button
        variant="secondary"
        size="sm"
        aria-busy={busy}
        disabled={busy}
        onClick={() => check.mutate(undefined, { onError: (err) => toastError(err) })}
        data-testid="group-check-again"
      >
        {busy ? <Spinner className="size-4" /> : <RefreshCw aria-hidden="true" className="size-4" />}
        {busy ? m.withdraw_group_checking() : m.withdraw_group_check_again()}
      </Button>
      {check.isSuccess && check.data.group?.eligibility !== 'Eligible' && (
        <span className="text-xs text-amber-100/80">{m.withdraw_group_checked()}</span>
      )}
    </div>
  );
}

/** Where the player stands for a group payout, and what to do when they cannot receive one yet. */
function Eligibility({ group, gamepassToo }: { group: Group | undefined; gamepassToo: boolean }) {
  const eligibility: GroupEligibility = group?.eligibility ?? 'Unknown';
  if (eligibility === 'Eligible') return null;
  const Icon = eligibility === 'Unknown' ? TriangleAlert : eligibility === 'NotInGroup' ? Users : Hourglass;
  return (
    <div
      role="status"
      data-testid="group-eligibility"
      className={cn('flex gap-2.5 rounded-xl border px-4 py-3 text-sm', tones.wait)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
      <div className="flex flex-col gap-1.5">
        {eligibility === 'NotInGroup' && group ? (
          <>
            <p className="font-semibold">{m.withdraw_group_join()}</p>
            <p>
              <a
                href={group.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-amber-200 underline hover:text-white"
              >
                {m.withdraw_group_open()} <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>{' '}
              {m.withdraw_group_press_join()} {m.withdraw_new_member_wait()}
            </p>
          </>
        ) : eligibility === 'PayoutRestricted' ? (
          <>
            <p className="font-semibold">{m.withdraw_group_restricted()}</p>
            <p>
              {m.withdraw_new_member_wait()}{' '}
              {gamepassToo ? m.withdraw_group_come_back_or_gamepass() : m.withdraw_group_come_back()}
            </p>
          </>
        ) : (
          <p>{m.withdraw_group_unknown()}</p>
        )}
        {group && <CheckAgain />}
      </div>
    </div>
  );
}

/**
 * The group payout's side of the form: what the player receives, and whether they can yet.
 * `gamepassToo`: gamepass withdrawals are offered as well (an alternative while the player waits).
 */
export function GroupPayoutNotice({
  group,
  robux,
  gamepassToo,
}: {
  group: Group | undefined;
  robux: number | null;
  gamepassToo: boolean;
}) {
  return (
    <div className="flex flex-col gap-3">
      <p
        data-testid="group-amount"
        className={cn('flex gap-2.5 rounded-xl border px-4 py-3 text-sm', tones.ok)}
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-300" />
        <span>
          {robux === null
            ? m.withdraw_group_amount_any()
            : m.withdraw_group_amount({ amount: formatRobux(robux) })}
        </span>
      </p>
      <Eligibility group={group} gamepassToo={gamepassToo} />
    </div>
  );
}
