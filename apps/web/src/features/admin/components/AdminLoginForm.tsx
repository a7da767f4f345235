import { useState, type FormEvent } from 'react';
import { KeyRound, LockKeyhole, ShieldCheck, UserRound } from 'lucide-react';
import { m } from '@/paraglide/messages.js';
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

  function askForCode() {
    login.reset();
    setAskCode(true);
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
          title={m.admin_login_2fa_title()}
          description={m.admin_login_2fa_description({ username: username.trim() })}
        />
      ) : (
        <CardIntro
          icon={LockKeyhole}
          level={2}
          title={m.admin_login_title()}
          description={m.admin_login_intro()}
        />
      )}
      <form onSubmit={onSubmit} className="flex flex-col gap-5">
        {askCode ? (
          <TextField
            key="code"
            label={m.admin_login_code()}
            name="admin-totp"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            required
            maxLength={40}
            placeholder="123456"
            hint={m.admin_login_code_hint()}
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
              label={m.admin_login_username()}
              name="admin-username"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={40}
              placeholder={m.admin_login_username_placeholder()}
              value={username}
              onChange={(event) => {
                setUsername(event.target.value);
                edited();
              }}
              disabled={busy}
              icon={<UserRound aria-hidden="true" className="size-5" />}
            />
            <TextField
              label={m.admin_login_password()}
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
          busyLabel={askCode ? m.admin_login_checking() : m.admin_login_signing_in()}
          disabled={busy || !password || (askCode && !code.trim())}
          className="w-full"
        >
          {askCode ? m.admin_login_verify() : m.admin_login_sign_in()}
        </SubmitButton>
        {!askCode && username.trim() && isBrake(error) && (
          // While many wrong passwords hold new browsers back, a named account's two-factor code still
          // signs in: the way in for staff on a new device.
          <Button variant="ghost" size="sm" onClick={askForCode} disabled={busy} className="self-center">
            {m.admin_login_use_code()}
          </Button>
        )}
        {askCode && (
          <Button variant="ghost" size="sm" onClick={startOver} disabled={busy} className="self-center">
            {m.admin_login_other_account()}
          </Button>
        )}
      </form>
    </Card>
  );
}

/** The site-wide wait after many wrong passwords (a 429), which a valid second factor passes. */
function isBrake(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'RATE_LIMITED';
}

function isCodeQuestion(err: unknown): boolean {
  return err instanceof ApiError && err.code === TOTP_REQUIRED;
}
