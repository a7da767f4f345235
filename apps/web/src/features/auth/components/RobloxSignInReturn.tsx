import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import type { RobloxSignInError } from '@rewards/contracts';
import { forgetReferral } from '@/lib/session';
import { errorMessage } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useFinishRobloxSignIn } from '../api/roblox-sign-in';
import { useCompleteSignIn } from './complete-sign-in';

/** What the page says for each `?error=` code of the callback (contracts' ROBLOX_SIGN_IN_ERRORS, in the language). */
const failures: Record<RobloxSignInError, () => string> = {
  roblox_expired: m.auth_roblox_expired,
  roblox_denied: m.auth_roblox_denied,
  roblox_refused: m.auth_roblox_refused,
  roblox_unavailable: m.auth_roblox_unavailable,
  roblox_banned: m.auth_roblox_banned,
  roblox_too_many_accounts: m.auth_roblox_too_many_accounts,
};

function failureMessage(code: string | null): string | null {
  return code && Object.hasOwn(failures, code) ? failures[code as RobloxSignInError]() : null;
}

/**
 * The login page after Roblox's round trip: `?roblox=<one-time code>` is traded for the session (then
 * the page goes where a sign-in goes); `?error=<reason>` says why it failed. The code is taken off the
 * address at once, so a reload or the back button does not send it again.
 */
export function RobloxSignInReturn() {
  const [params, setParams] = useSearchParams();
  const finish = useFinishRobloxSignIn();
  const completeSignIn = useCompleteSignIn();
  const code = params.get('roblox');
  const failure = failureMessage(params.get('error'));
  const taken = useRef<string | null>(null);

  useEffect(() => {
    if (!code || taken.current === code) return;
    taken.current = code; // a code works once: never sent twice (Strict Mode runs effects twice)
    setParams(
      (current) => {
        current.delete('roblox');
        return current;
      },
      { replace: true },
    );
    finish.mutate(code, {
      onSuccess: (answer) => {
        forgetReferral(); // the account proved itself here: the link has been used
        completeSignIn(answer);
      },
    });
  }, [code, finish, completeSignIn, setParams]);

  const message = finish.isError ? errorMessage(finish.error) : failure;
  if (finish.isPending) {
    return (
      <p role="status" className="mb-4 text-center text-sm text-slate-300">
        {m.auth_roblox_signing_in()}
      </p>
    );
  }
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mb-4 flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-3.5 py-2.5 text-sm text-rose-100"
    >
      <AlertTriangle aria-hidden="true" className="mt-px size-4 shrink-0 text-rose-300" />
      <span>{message}</span>
    </p>
  );
}
