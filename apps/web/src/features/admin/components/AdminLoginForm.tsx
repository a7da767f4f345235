import { useState, type FormEvent } from 'react';
import { KeyRound, LockKeyhole } from 'lucide-react';
import { Card } from '@/components/ui/Card';
import { SubmitButton } from '@/components/ui/SubmitButton';
import { TextField } from '@/components/ui/FormField';
import { errorMessage } from '@/lib/toast';
import { useAdminLogin } from '../api/session';
import { CardIntro } from '@/components/ui/CardIntro';

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
      <CardIntro
        icon={LockKeyhole}
        level={2}
        title="Admin sign-in"
        description="Enter the admin password to open the console."
      />
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
