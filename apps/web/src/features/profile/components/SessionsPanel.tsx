import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { AccountSession } from '@rewards/contracts';
import { useOwnershipProof } from '@/components/ProveOwnership';
import { Badge } from '@/components/ui/Badge';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatCount, formatDateTime } from '@/lib/format';
import { errorMessage, toastError, toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useAccountSessions, useRevokeSessions } from '../api/protection';
import { ProfilePanel } from './ProfilePanel';

const HOW: Record<AccountSession['proof'], () => string> = {
  name: m.profile_session_name,
  bio: m.profile_session_bio,
  roblox: m.profile_session_roblox,
};

/** "Your sessions": every browser signed in to this account, and signing the others out. */
export function SessionsPanel() {
  const sessions = useAccountSessions();
  const revoke = useRevokeSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  // Signing sessions out needs this session to have proven ownership lately (anyone can type a name).
  const proof = useOwnershipProof(paths.profile);

  function signOut(id: string | null) {
    proof
      .run(async () => {
        const { revoked } = await revoke.mutateAsync(id);
        toastSuccess(m.profile_sessions_signed_out({ count: revoked, formatted: formatCount(revoked) }));
      })
      .catch((err: unknown) => toastError(err, m.profile_sessions_sign_out_failed()));
  }

  return (
    <ProfilePanel
      id="sessions"
      icon={MonitorSmartphone}
      title={m.profile_sessions_title()}
      action={
        <Button
          variant="danger"
          size="sm"
          disabled={others === 0 || revoke.isPending}
          aria-busy={revoke.isPending}
          onClick={() => signOut(null)}
        >
          <LogOut aria-hidden="true" className="size-4" /> {m.profile_sessions_sign_out_others()}
        </Button>
      }
    >
      {sessions.isPending && (
        <Spinner label={m.profile_sessions_loading()} className="mt-4 size-5 text-emerald-300" />
      )}
      {sessions.isError && (
        <p role="alert" className="mt-4 text-sm text-rose-300">
          {errorMessage(sessions.error)}
        </p>
      )}
      <ul className="mt-4 divide-y divide-slate-800" data-testid="session-list">
        {list.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-white">
                {s.browser} {s.current && <Badge tone="green">{m.profile_sessions_this()}</Badge>}
              </p>
              <p className="text-sm text-slate-400">
                {HOW[s.proof]()} · {formatDateTime(s.createdAt)}
              </p>
            </div>
            {!s.current && (
              <Button variant="ghost" size="sm" disabled={revoke.isPending} onClick={() => signOut(s.id)}>
                {m.profile_sessions_sign_out()}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {proof.dialog}
    </ProfilePanel>
  );
}
