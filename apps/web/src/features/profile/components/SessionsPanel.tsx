import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { AccountSession } from '@rewards/contracts';
import { useOwnershipProof } from '@/components/ProveOwnership';
import { Badge } from '@/components/ui/Badge';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { IconTile } from '@/components/ui/IconTile';
import { Spinner } from '@/components/ui/Spinner';
import { formatCount, formatDateTime } from '@/lib/format';
import { errorMessage, toastError, toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useAccountSessions, useRevokeSessions } from '../api/protection';

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
    <Card role="region" aria-labelledby="sessions-title" className="p-5 sm:p-7">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <IconTile
            icon={MonitorSmartphone}
            className="size-10 rounded-xl bg-emerald-400/10 text-emerald-300"
          />
          <h2 id="sessions-title" className="text-lg font-bold text-white">
            {m.profile_sessions_title()}
          </h2>
        </div>
        <Button
          variant="danger"
          size="sm"
          disabled={others === 0 || revoke.isPending}
          aria-busy={revoke.isPending}
          onClick={() => signOut(null)}
        >
          <LogOut aria-hidden="true" className="size-4" /> {m.profile_sessions_sign_out_others()}
        </Button>
      </div>
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
    </Card>
  );
}
