import { CircleCheck, ExternalLink, Hourglass, TriangleAlert, Users } from 'lucide-react';
import type { GroupEligibility, PayoutOptionsResponse } from '@rewards/contracts';
import { cn } from '@/lib/cn';

type Group = NonNullable<PayoutOptionsResponse['group']>;

/** Roblox's wait before a new group member may be paid from the group's funds. */
const NEW_MEMBER_WAIT =
  'Roblox lets new members receive group payouts only after about two weeks in the group.';

const tones = {
  ok: 'border-emerald-400/30 bg-emerald-400/5 text-emerald-100',
  wait: 'border-amber-400/30 bg-amber-400/5 text-amber-100',
} as const;

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
            <p className="font-semibold">Join our Roblox group to receive group payouts.</p>
            <p>
              <a
                href={group.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-amber-200 underline hover:text-white"
              >
                Open the group on Roblox <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>{' '}
              and press Join. {NEW_MEMBER_WAIT}
            </p>
          </>
        ) : eligibility === 'PayoutRestricted' ? (
          <>
            <p className="font-semibold">You are in our group, but Roblox does not let it pay you yet.</p>
            <p>
              {NEW_MEMBER_WAIT} Come back then{gamepassToo ? ', or withdraw to a gamepass meanwhile' : ''}.
            </p>
          </>
        ) : (
          <p>
            We could not check with Roblox whether our group can pay you right now. Please try again in a
            minute.
          </p>
        )}
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
            ? 'You receive exactly the amount you enter: no Roblox fee, straight to your Roblox balance.'
            : `You receive exactly R$ ${robux.toLocaleString('en-US')}: no Roblox fee, straight to your Roblox balance.`}
        </span>
      </p>
      <Eligibility group={group} gamepassToo={gamepassToo} />
    </div>
  );
}
