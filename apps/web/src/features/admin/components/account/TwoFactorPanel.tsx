import { useState, type FormEvent } from 'react';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import type { TotpSetupResponse } from '@rewards/contracts';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { TextField } from '@/components/ui/FormField';
import { Panel } from '@/components/ui/Panel';
import { useDisableTotp, useEnableTotp, useStartTotp } from '../../api/me';
import { SectionError } from '../SectionError';
import { RecoveryCodes } from './RecoveryCodes';

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The line that says whether two-factor sign-in is on, beside a shield. */
function TwoFactorState({ on }: { on: boolean }) {
  const Icon = on ? ShieldCheck : ShieldOff;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-300">
      <Icon aria-hidden="true" className={on ? 'size-4 text-emerald-300' : 'size-4 text-slate-400'} />
      {on ? m.admin_setup_2fa_on_explained() : m.admin_setup_2fa_off_explained()}
    </p>
  );
}

/** A code field and its button: the 6-digit code from the app (or, to turn off, a recovery code). */
function CodeForm({
  label,
  button,
  busy,
  danger,
  error,
  onCode,
}: {
  label: string;
  button: string;
  busy: boolean;
  danger?: boolean;
  /** A refused code, shown under the field. */
  error?: string;
  onCode: (code: string, clear: () => void) => void;
}) {
  const [code, setCode] = useState('');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onCode(code.trim(), () => setCode(''));
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
      <TextField
        compact
        label={label}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={20}
        placeholder="123456"
        className="w-48"
        error={error}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      {/* Level with the input (below its label) even while an error shows under it. */}
      <Button
        type="submit"
        variant={danger ? 'danger' : 'primary'}
        disabled={busy}
        className="mt-[1.375rem] h-10"
      >
        {button}
      </Button>
    </form>
  );
}

/** Step 1 of enrolment: the QR code and the same secret as text, for apps that cannot scan. */
function Enrolment({ setup }: { setup: TotpSetupResponse }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <img
        src={setup.qrDataUrl}
        alt={m.admin_setup_2fa_qr_alt()}
        width={176}
        height={176}
        className="size-44 shrink-0 rounded-xl bg-white p-2"
      />
      <div className="min-w-0 text-sm text-slate-300">
        <p>{m.admin_setup_2fa_scan()}</p>
        <code
          data-testid="totp-secret"
          data-secret={setup.secret}
          className="mt-2 block rounded-lg border border-slate-800 bg-slate-950/60 px-3 py-2 font-mono text-sm tracking-wider break-words text-white"
        >
          {grouped(setup.secret)}
        </code>
        <p className="mt-3">{m.admin_setup_2fa_then_enter()}</p>
      </div>
    </div>
  );
}

/**
 * Two-factor sign-in of the signed-in member: turn it on (QR code, secret, a code from the app to
 * confirm, then the recovery codes shown once) or off (a current code or a recovery code).
 */
export function TwoFactorPanel({ enabled }: { enabled: boolean }) {
  const start = useStartTotp();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const { ask, dialog } = useConfirmation();
  const [formError, setFormError] = useState<string | null>(null);
  const [codesSeen, setCodesSeen] = useState(false);

  const clearErrors = () => {
    setFormError(null);
    start.reset();
    disable.reset();
  };
  const needsCode = (code: string) => {
    if (!code) setFormError(m.admin_setup_2fa_error_code());
    return !code;
  };

  function onEnable(code: string, clear: () => void) {
    setFormError(null);
    if (needsCode(code)) return;
    enable.mutate(code, {
      onSuccess: () => {
        clear();
        start.reset(); // the secret is no longer shown
        setCodesSeen(false);
      },
    });
  }

  function onDisable(code: string, clear: () => void) {
    clearErrors();
    if (needsCode(code)) return;
    ask(
      {
        title: m.admin_setup_2fa_off_title(),
        question: m.admin_setup_2fa_off_question(),
        confirm: m.admin_setup_2fa_turn_off(),
        danger: true,
      },
      () =>
        disable.mutate(code, {
          onSuccess: () => {
            clear();
            enable.reset();
            toastSuccess(m.admin_setup_2fa_is_off());
          },
        }),
    );
  }

  const recoveryCodes = enable.data?.recoveryCodes;
  const error = formError ?? start.error ?? enable.error ?? disable.error;

  return (
    <Panel
      title={m.admin_setup_2fa_title()}
      description={m.admin_setup_2fa_description()}
      actions={
        enabled ? (
          <Badge tone="green">{m.admin_setup_2fa_on()}</Badge>
        ) : (
          <Badge tone="slate">{m.admin_setup_2fa_off()}</Badge>
        )
      }
    >
      {dialog}
      <SectionError error={error} />
      {recoveryCodes && !codesSeen ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setCodesSeen(true)} />
      ) : enabled ? (
        <div className="flex flex-col gap-4">
          <TwoFactorState on />
          <CodeForm
            label={m.admin_setup_2fa_code_to_turn_off()}
            button={m.admin_setup_2fa_turn_off()}
            danger
            error={formError ?? undefined}
            busy={disable.isPending}
            onCode={onDisable}
          />
        </div>
      ) : start.data ? (
        <div className="flex flex-col gap-5">
          <Enrolment setup={start.data} />
          <div className="flex flex-wrap items-start gap-3">
            <CodeForm
              label={m.admin_setup_2fa_code_from_app()}
              button={m.admin_setup_2fa_turn_on()}
              busy={enable.isPending}
              error={formError ?? undefined}
              onCode={onEnable}
            />
            <Button
              variant="ghost"
              className="mt-[1.375rem] h-10"
              onClick={() => {
                clearErrors();
                enable.reset();
              }}
            >
              {m.admin_setup_cancel()}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-4">
          <TwoFactorState on={false} />
          <Button
            disabled={start.isPending}
            onClick={() => {
              clearErrors();
              enable.reset();
              start.mutate(undefined);
            }}
          >
            <ShieldCheck aria-hidden="true" className="size-4" />
            {start.isPending ? m.admin_setup_2fa_preparing() : m.admin_setup_2fa_set_up()}
          </Button>
        </div>
      )}
    </Panel>
  );
}
