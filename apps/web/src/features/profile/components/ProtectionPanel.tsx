import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import type { ProfileResponse } from '@rewards/contracts';
import { useOwnershipProof } from '@/components/ProveOwnership';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { toastError, toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { profileQueryKey } from '../api/profile';
import { setProtection } from '../api/protection';
import { ProfilePanel } from './ProfilePanel';

/** "Protect my account": typing the name no longer opens the account; proof does. */
export function ProtectionPanel({ profile, username }: { profile: ProfileResponse; username: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Either way needs this session to have proven ownership lately: asked in a dialog when it has not.
  const proof = useOwnershipProof(paths.profile);
  const on = profile.protected;

  function show(state: boolean) {
    queryClient.setQueryData<ProfileResponse>(
      profileQueryKey(username),
      (old) => old && { ...old, protected: state },
    );
    toastSuccess(state ? m.profile_protect_on_toast() : m.profile_protect_off_toast());
  }

  async function onToggle() {
    if (busy || !profile.verified) return;
    setBusy(true);
    try {
      await proof.run(async () => show((await setProtection({ on: !on })).protected));
    } catch (err) {
      toastError(err, on ? m.profile_protect_off_failed() : m.profile_protect_failed());
    } finally {
      setBusy(false);
    }
  }

  return (
    <ProfilePanel
      id="protect"
      icon={LockKeyhole}
      title={m.profile_protect_title()}
      headClassName="items-start gap-4"
      action={
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="protect-title"
          disabled={busy || !profile.verified}
          onClick={() => void onToggle()}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
            'disabled:cursor-not-allowed disabled:opacity-50',
            on ? 'border-emerald-300 bg-emerald-400' : 'border-slate-600 bg-slate-800',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-5 rounded-full bg-white shadow transition-transform',
              on ? 'translate-x-6' : 'translate-x-1',
            )}
          />
        </button>
      }
    >
      <p className="mt-4 text-sm text-slate-300">
        {on ? m.profile_protect_on_text() : m.profile_protect_off_text()}
      </p>
      {!profile.verified && <p className="mt-2 text-sm text-amber-200">{m.profile_protect_verify_first()}</p>}
      {on && <p className="mt-2 text-sm text-slate-400">{m.profile_protect_same_proof()}</p>}
      {proof.dialog}
    </ProfilePanel>
  );
}
