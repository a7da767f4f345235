import { useState, type FormEvent } from 'react';
import { KeyRound, LockKeyhole } from 'lucide-react';
import { Card } from '@/components/ui/Card';
import { SubmitButton } from '@/components/ui/SubmitButton';
import { TextField } from '@/components/ui/FormField';
import { errorMessage } from '@/lib/toast';
import { useAdminLogin } from '../api/session';

/**
 * The admin password form. The password is checked by the server only (it never ships in the web
 * code); a wrong one shows the server's "Incorrect password", too many show its rate-limit message.
 */
export function AdminLoginForm() {
  const [password, setPassword] = useState('');
  const login = useAdminLogin();
  const busy = login.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || busy) return;
    login.mutate(password, { onSuccess: () => setPassword('') });
  }

  return (
    <Card className="mx-auto w-full max-w-md p-6 sm:p-8">
      <div className="mb-6 text-center">
        <span className="mx-auto mb-4 inline-flex size-14 items-center justify-center rounded-2xl bg-emerald-400/10 text-emerald-300 ring-1 ring-emerald-400/30">
          <LockKeyhole aria-hidden="true" className="size-7" />
        </span>
        <h2 className="text-xl font-extrabold tracking-tight text-white">Admin sign-in</h2>
        <p className="mt-2 text-sm text-slate-400">Enter the admin password to open the console.</p>
      </div>
      <form onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label="Admin password"
          name="admin-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (login.isError) login.reset();
          }}
          disabled={busy}
          aria-invalid={login.isError || undefined}
          icon={<KeyRound aria-hidden="true" className="size-5" />}
        />
        {login.isError && (
          <p role="alert" className="-mt-2 text-sm font-medium text-rose-400">
            {errorMessage(login.error)}
          </p>
        )}
        <SubmitButton busy={busy} busyLabel="Signing In..." disabled={busy || !password} className="w-full">
          Sign In
        </SubmitButton>
      </form>
    </Card>
  );
}
