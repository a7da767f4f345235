import { useState, type FormEvent } from 'react';
import { KeyRound, LockKeyhole, ShieldCheck, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CardIntro } from '@/components/ui/CardIntro';
import { SubmitButton } from '@/components/ui/SubmitButton';
import { TextField } from '@/components/ui/FormField';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/toast';
import { TOTP_REQUIRED, useAdminLogin } from '../api/session';

/**
 * The console's sign-in. A staff member gives their username and password; an empty username is the
 * ADMIN_PASSWORD bootstrap sign-in. Passwords are checked by the server only (the admin password never
 * ships in the web code): a wrong one shows the server's "Incorrect password", too many its rate-limit
 * message. When the account has two-factor sign-in the server answers TOTP_REQUIRED and the form asks
 * for the code (or a recovery code), then sends the same name and password with it.
 */
export function AdminLoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const login = useAdminLogin();
  const busy = login.isPending;
  // TOTP_REQUIRED to a sign-in without a code is the question, not an error; to one with a code it is.
  const asked = login.isError && isCodeQuestion(login.error) && login.variables?.code === undefined;
  const error = login.isError && !asked ? login.error : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || busy || (askCode && !code.trim())) return;
    const name = username.trim();
    login.mutate(
      { ...(name ? { username: name } : {}), password, ...(askCode ? { code: code.trim() } : {}) },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
        },
        onError: (err) => {
          if (isCodeQuestion(err)) setAskCode(true);
        },
      },
    );
  }

  function startOver() {
    login.reset();
    setAskCode(false);
    setCode('');
    setPassword('');
  }

  const edited = () => {
    if (login.isError) login.reset();
  };

  return (
    <Card className="mx-auto w-full max-w-md p-6 sm:p-8">
      {askCode ? (
        <CardIntro
          icon={ShieldCheck}
          level={2}
          title="Two-factor sign-in"
          description={`Enter the 6-digit code from your authenticator app for ${username.trim()}, or one of your recovery codes.`}
        />
      ) : (
        <CardIntro
          icon={LockKeyhole}
          level={2}
          title="Admin sign-in"
          description="Staff: your username and password. Leave the username empty to use the site's admin password."
        />
      )}
      <form onSubmit={onSubmit} className="flex flex-col gap-5">
        {askCode ? (
          <TextField
            key="code"
            label="Code"
            name="admin-totp"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            required
            maxLength={40}
            placeholder="123456"
            hint="A recovery code works once."
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              edited();
            }}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            icon={<ShieldCheck aria-hidden="true" className="size-5" />}
          />
        ) : (
          <>
            <TextField
              label="Username"
              name="admin-username"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={40}
              placeholder="Empty for the admin password"
              value={username}
              onChange={(event) => {
                setUsername(event.target.value);
                edited();
              }}
              disabled={busy}
              icon={<UserRound aria-hidden="true" className="size-5" />}
            />
            <TextField
              label="Admin password"
              name="admin-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                edited();
              }}
              disabled={busy}
              aria-invalid={error ? true : undefined}
              icon={<KeyRound aria-hidden="true" className="size-5" />}
            />
          </>
        )}
        {error && (
          <p role="alert" className="-mt-2 text-sm font-medium text-rose-400">
            {errorMessage(error)}
          </p>
        )}
        <SubmitButton
          busy={busy}
          busyLabel={askCode ? 'Checking...' : 'Signing In...'}
          disabled={busy || !password || (askCode && !code.trim())}
          className="w-full"
        >
          {askCode ? 'Verify' : 'Sign In'}
        </SubmitButton>
        {askCode && (
          <Button variant="ghost" size="sm" onClick={startOver} disabled={busy} className="self-center">
            Use another account
          </Button>
        )}
      </form>
    </Card>
  );
}

function isCodeQuestion(err: unknown): boolean {
  return err instanceof ApiError && err.code === TOTP_REQUIRED;
}
