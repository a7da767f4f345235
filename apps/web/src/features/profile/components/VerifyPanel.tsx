import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  BadgeCheck,
  CircleAlert,
  CircleCheck,
  Copy,
  RefreshCw,
  ShieldAlert,
  ShieldCheck,
} from 'lucide-react';
import type { ProfileResponse } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { meQueryKey } from '@/lib/balance';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/toast';
import { profileQueryKey, useRefreshSentence, verifyBio, VERIFY_MESSAGES } from '../api/profile';
import { useTimedMessage, type TimedMessage } from './useTimedMessage';
import { ProfilePanel } from './ProfilePanel';
import { m } from '@/paraglide/messages.js';

const COPY_MESSAGE_MS = 2_500;
const VERIFY_MESSAGE_MS = 7_000;

function StatusLine({ message, testId }: { message: TimedMessage | null; testId: string }) {
  const Icon = message?.kind === 'success' ? CircleCheck : CircleAlert;
  return (
    <p
      role="status"
      data-testid={testId}
      className={cn(
        'flex items-start gap-2 text-sm',
        message?.kind === 'success' ? 'text-emerald-300' : 'text-rose-300',
      )}
    >
      {message && (
        <>
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{message.text}</span>
        </>
      )}
    </p>
  );
}

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-emerald-400/40 bg-emerald-400/10 px-3 py-1 text-xs font-bold text-emerald-200">
      <BadgeCheck aria-hidden="true" className="size-4" /> {m.profile_verified_badge()}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-amber-400/40 bg-amber-400/10 px-3 py-1 text-xs font-bold text-amber-200">
      <ShieldAlert aria-hidden="true" className="size-4" /> {m.profile_not_verified()}
    </span>
  );
}

/** "Verify Roblox Session": the sentence, Copy, Verify and Refresh (spec §2, §5, §8). */
export function VerifyPanel({ profile, username }: { profile: ProfileResponse; username: string }) {
  const queryClient = useQueryClient();
  const [copyMessage, showCopyMessage] = useTimedMessage(COPY_MESSAGE_MS);
  const [verifyMessage, showVerifyMessage] = useTimedMessage(VERIFY_MESSAGE_MS);
  const [verifying, setVerifying] = useState(false);
  const refresh = useRefreshSentence();
  const sentence = profile.verificationCode;
  const verified = profile.verified;

  async function onCopy() {
    try {
      if (!sentence) throw new Error('no sentence');
      await navigator.clipboard.writeText(sentence);
      showCopyMessage({ kind: 'success', text: VERIFY_MESSAGES.copied() });
    } catch {
      showCopyMessage({ kind: 'error', text: VERIFY_MESSAGES.copyFailed() });
    }
  }

  async function onVerify() {
    if (verifying || verified) return;
    if (!profile.robloxId) return showVerifyMessage({ kind: 'error', text: VERIFY_MESSAGES.noRobloxId() });
    if (!sentence) return showVerifyMessage({ kind: 'error', text: VERIFY_MESSAGES.noCode() });
    setVerifying(true);
    showVerifyMessage(null);
    try {
      const outcome = await verifyBio({ username, userId: profile.robloxId, code: sentence });
      showVerifyMessage({ kind: outcome.ok ? 'success' : 'error', text: outcome.message });
      if (outcome.ok) {
        queryClient.setQueryData<ProfileResponse>(
          profileQueryKey(username),
          (old) => old && { ...old, verified: true },
        );
        void queryClient.invalidateQueries({ queryKey: profileQueryKey(username) });
        void queryClient.invalidateQueries({ queryKey: meQueryKey(username) });
      }
    } finally {
      setVerifying(false);
    }
  }

  function onRefresh() {
    if (verified || refresh.isPending) return;
    refresh.mutate(undefined, {
      onSuccess: ({ verificationCode }) => {
        queryClient.setQueryData<ProfileResponse>(
          profileQueryKey(username),
          (old) => old && { ...old, verificationCode },
        );
        showCopyMessage(null);
        showVerifyMessage({
          kind: 'success',
          text: m.profile_new_sentence(),
        });
      },
      onError: (err) => showVerifyMessage({ kind: 'error', text: errorMessage(err) }),
    });
  }

  return (
    <ProfilePanel
      id="verify"
      icon={ShieldCheck}
      title={m.profile_verify_title()}
      action={<VerifiedBadge verified={verified} />}
    >
      {verified ? (
        <p className="mt-4 text-sm text-slate-300">{m.profile_verified_text()}</p>
      ) : (
        <ol className="mt-4 list-inside list-decimal space-y-1 text-sm text-slate-300 marker:text-emerald-300">
          <li>{m.profile_verify_step_copy()}</li>
          <li>{m.profile_verify_step_paste()}</li>
          <li>{m.profile_verify_step_press()}</li>
        </ol>
      )}

      <div className="mt-5 rounded-xl border border-slate-700 bg-slate-950/70 px-4 py-3.5">
        <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">
          {m.profile_verify_sentence_label()}
        </p>
        <p
          data-testid="verification-sentence"
          className="mt-1 font-mono text-base break-words text-emerald-100 sm:text-lg"
        >
          {sentence ?? '—'}
        </p>
      </div>

      {/* On a phone, Copy and Verify side by side and Refresh under them: three in a row leave no room
          for "Vernieuwen" or "Actualiser" beside their icons. */}
      <div className="mt-5 grid grid-cols-2 gap-2 sm:flex sm:gap-3">
        <Button variant="secondary" onClick={() => void onCopy()}>
          <Copy aria-hidden="true" className="size-4" /> {m.profile_copy()}
        </Button>
        <Button onClick={() => void onVerify()} disabled={verified || verifying} aria-busy={verifying}>
          {verifying ? <Spinner className="size-4" /> : <BadgeCheck aria-hidden="true" className="size-4" />}
          {m.profile_verify()}
        </Button>
        <Button
          variant="secondary"
          onClick={onRefresh}
          disabled={verified || refresh.isPending}
          aria-busy={refresh.isPending}
          className="col-span-2"
        >
          <RefreshCw aria-hidden="true" className={cn('size-4', refresh.isPending && 'animate-spin')} />{' '}
          {m.profile_refresh()}
        </Button>
      </div>

      <div className="mt-4 flex min-h-5 flex-col gap-1.5">
        <StatusLine message={copyMessage} testId="copy-message" />
        <StatusLine message={verifyMessage} testId="verify-message" />
      </div>
    </ProfilePanel>
  );
}
