import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useHydrated } from '@/lib/hydration';
import { Gift, LogIn, ShieldCheck, UserRound } from 'lucide-react';
import { Card } from '@/components/ui/Card';
import { SubmitButton } from '@/components/ui/SubmitButton';
import { TextField } from '@/components/ui/FormField';
import { rememberReferral, storedReferral } from '@/lib/session';
import { toastError } from '@/lib/toast';
import { humanCheckMissingMessage, useHumanCheck } from '@/components/HumanCheck';
import { m } from '@/paraglide/messages.js';
import type { LoginProofChallenge } from '@rewards/contracts';
import { loginFailureDescription, nameRefused, useLogin } from '../api/login';
import { protectedAccountProof } from '../api/prove';
import { useCompleteSignIn } from './complete-sign-in';
import { ProtectedAccountProof } from './ProtectedAccountProof';
import { RobloxSignInButton } from '@/components/RobloxSignInButton';
import { useRobloxSignInConfig } from '@/lib/roblox-sign-in';
import { CardIntro } from '@/components/ui/CardIntro';

export function LoginForm() {
  const [username, setUsername] = useState('');
  // The server refused the typed name: the field is marked until the name is changed. The words are in
  // the "Login failed" toast the spec names, not under the field as well.
  const [nameError, setNameError] = useState(false);
  const [searchParams] = useSearchParams();
  const pageRef = searchParams.get('ref')?.trim() || undefined;
  useEffect(() => rememberReferral(pageRef), [pageRef]);
  // Storage is read once the page is hydrated: the build renders this page (decision 0039) where
  // there is none, and the first render in the browser must match it.
  const hydrated = useHydrated();
  // The link this browser first came with; the server applies it only if this browser proves the account.
  const ref = (hydrated ? storedReferral() : undefined) ?? pageRef;
  // A protected account also opens with Sign in with Roblox, when the site offers it.
  const robloxSignIn = useRobloxSignInConfig();
  const completeSignIn = useCompleteSignIn();
  // A protected account answers with a sentence to prove ownership: the card asks for it instead.
  const [proof, setProof] = useState<LoginProofChallenge | null>(null);
  const loginMutation = useLogin();
  const human = useHumanCheck('login');
  const busy = loginMutation.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = username.trim();
    if (!name || busy) return; // spec §5: an empty name does nothing
    if (!human.ready) {
      toastError(null, m.auth_login_failed(), humanCheckMissingMessage());
      return;
    }
    loginMutation.mutate(
      { body: { username: name, ...(ref ? { ref } : {}) }, headers: human.headers },
      {
        onSuccess: completeSignIn,
        onError: (err) => {
          void protectedAccountProof(err).then((asked) => {
            if (asked) return setProof(asked);
            setNameError(nameRefused(err));
            toastError(err, m.auth_login_failed(), loginFailureDescription(err));
          });
        },
        // A token works once: the next attempt needs a new one.
        onSettled: human.reset,
      },
    );
  }

  if (proof) {
    return (
      <Card className="p-6 sm:p-8">
        <ProtectedAccountProof
          username={username.trim()}
          proof={proof}
          onBack={() => setProof(null)}
          alternative={
            robloxSignIn.enabled ? <RobloxSignInButton referrer={ref} divider={false} /> : undefined
          }
        />
      </Card>
    );
  }

  return (
    <Card className="p-6 sm:p-8">
      <CardIntro
        icon={LogIn}
        level={1}
        title={m.auth_login_title()}
        description={m.auth_login_description()}
      />

      {ref && (
        <p className="mb-5 flex items-center gap-2 rounded-xl border border-emerald-400/25 bg-emerald-400/5 px-3.5 py-2.5 text-sm text-emerald-100">
          <Gift aria-hidden="true" className="size-4 shrink-0 text-emerald-300" />
          <span>
            {m.auth_invited_by()} <strong className="font-semibold wrap-break-word">{ref}</strong>
          </span>
        </p>
      )}

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField
          label={m.auth_username_label()}
          name="username"
          placeholder={m.auth_username_placeholder()}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setNameError(false);
          }}
          error={nameError}
          // Until the app has hydrated the page the build rendered, typing and pressing Sign In would
          // reach no code (the browser would send the form itself): both wait for it.
          disabled={busy}
          readOnly={!hydrated}
          icon={<UserRound aria-hidden="true" className="size-5" />}
        />
        {human.widget}
        <SubmitButton
          busy={busy}
          busyLabel={m.auth_signing_in()}
          disabled={busy || !hydrated}
          className="w-full"
        >
          {m.auth_sign_in()}
        </SubmitButton>
        <RobloxSignInButton referrer={ref} />
      </form>

      <p className="mt-6 flex items-start gap-2 text-xs text-slate-400">
        <ShieldCheck aria-hidden="true" className="mt-px size-4 shrink-0 text-emerald-400" />
        {m.auth_no_password_note()}
      </p>
    </Card>
  );
}
