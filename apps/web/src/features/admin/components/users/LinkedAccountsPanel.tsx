import { Link2 } from 'lucide-react';
import type { LinkedAccount, LinkedAccountsResponse, SharedSignal } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';
import { Badge } from '@/components/ui/Badge';
import { LoadingRow } from '@/components/ui/CardStates';
import { useLinkedAccounts } from '../../api/linked';
import { formatCount, formatShortDateTime } from '../format';
import { retryFailed, SectionError } from '../SectionError';

const SIGNAL_LABEL: Record<
  SharedSignal['kind'],
  [one: () => string, many: (inputs: { n: string }) => string]
> = {
  device: [m.admin_linked_same_browser, m.admin_linked_shared_browsers],
  address: [m.admin_linked_same_address, m.admin_linked_shared_addresses],
};

/** How the referrer was attributed, in the console's words. */
const REFERRAL_VIA: Record<NonNullable<LinkedAccountsResponse['referrer']>['via'], () => string> = {
  bio: m.admin_referrer_via_bio,
  roblox: m.admin_referrer_via_roblox,
  before_rule: m.admin_referrer_via_before_rule,
};

/** "Same browser since Mar 2, 10:00 AM, last used Mar 3, 9:12 AM" (or "3 shared sign-in addresses since …"). */
function describeSignal(signal: SharedSignal): string {
  const [one, many] = SIGNAL_LABEL[signal.kind];
  const what = signal.values === 1 ? one() : many({ n: formatCount(signal.values) });
  return m.admin_linked_signal({
    what,
    first: formatShortDateTime(signal.firstSharedAt),
    last: formatShortDateTime(signal.lastSeenAt),
  });
}

function LinkedAccountItem({ account }: { account: LinkedAccount }) {
  return (
    <li
      data-testid="linked-account"
      data-user-id={account._id}
      className="flex flex-col gap-1.5 rounded-xl border border-slate-800 bg-slate-900/50 px-3.5 py-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold break-all text-white">{account.username}</span>
        <span className="text-xs text-slate-500">
          {m.admin_user_ids({ id: account._id, robloxId: account.robloxId })}
        </span>
        {account.status === 'banned' && <Badge tone="red">{m.admin_users_status_banned()}</Badge>}
        <Badge tone={account.verified ? 'green' : 'slate'}>
          {account.verified ? m.admin_linked_verified() : m.admin_linked_not_verified()}
        </Badge>
      </div>
      <ul className="flex flex-col gap-0.5 text-sm text-slate-300">
        {account.signals.map((signal) => (
          <li key={signal.kind}>{describeSignal(signal)}</li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The accounts that signed in from one of this player's browsers (device id cookie) or sign-in
 * addresses. Referral commission never flows between linked accounts.
 */
export function LinkedAccountsPanel({ userId }: { userId: number }) {
  const linked = useLinkedAccounts(userId);
  const accounts = linked.data?.accounts ?? [];
  return (
    <section aria-labelledby={`linked-${userId}`} className="mb-5" data-testid="linked-accounts">
      <h3 id={`linked-${userId}`} className="mb-2 flex items-center gap-2 text-sm font-bold text-white">
        <Link2 aria-hidden="true" className="size-4 text-amber-300" />
        {m.admin_linked_title()}
        {linked.data && <Badge tone={accounts.length ? 'amber' : 'slate'}>{accounts.length}</Badge>}
      </h3>
      {linked.data && (
        <p className="mb-2 text-sm text-slate-300" data-testid="referrer">
          {linked.data.referrer
            ? m.admin_referrer({
                name: linked.data.referrer.username,
                how: REFERRAL_VIA[linked.data.referrer.via](),
              })
            : m.admin_referrer_none()}
        </p>
      )}
      {linked.isPending ? (
        <LoadingRow label={m.admin_linked_loading()} />
      ) : linked.isError ? (
        <SectionError
          error={linked.error}
          title={m.admin_linked_load_failed()}
          onRetry={retryFailed(linked)}
        />
      ) : accounts.length === 0 ? (
        <p className="text-sm text-slate-400">{m.admin_linked_empty()}</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-400">{m.admin_linked_intro()}</p>
          <ul className="flex flex-col gap-2">
            {accounts.map((account) => (
              <LinkedAccountItem key={account._id} account={account} />
            ))}
          </ul>
          {linked.data?.truncated && (
            <p className="mt-2 text-xs text-slate-500">
              {m.admin_linked_truncated({ n: formatCount(accounts.length) })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
