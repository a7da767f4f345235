import type { FormEvent } from 'react';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { TextField } from '@/components/ui/FormField';
import { Panel } from '@/components/ui/Panel';
import { Button } from '@/components/ui/Button';
import { useFieldError, useFormState } from '@/lib/form-state';
import { useChangeOwnPassword } from '../../api/me';
import { SectionError } from '../SectionError';
import { NewPasswordField } from '../staff/NewPasswordField';
import { MIN_STAFF_PASSWORD, newPasswordTooShort, passwordHint } from '../staff/roles';

type PasswordField = 'current' | 'next' | 'repeat';

/** The signed-in member's own password: the current one proves it is them, the new one twice. */
export function ChangePasswordPanel() {
  const change = useChangeOwnPassword();
  const { form, bind, reset } = useFormState({ current: '', next: '', repeat: '' });
  const { refused, errorOf, refuse, clear } = useFieldError<PasswordField>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    change.reset();
    if (!form.current) return refuse('current', m.admin_setup_password_error_current());
    if (form.next.length < MIN_STAFF_PASSWORD) return refuse('next', newPasswordTooShort());
    if (form.next !== form.repeat) return refuse('repeat', m.admin_setup_password_error_differ());
    change.mutate(
      { current: form.current, next: form.next },
      {
        onSuccess: () => {
          reset();
          toastSuccess(m.admin_setup_password_changed(), m.admin_setup_password_changed_detail());
        },
      },
    );
  }

  return (
    <Panel title={m.admin_setup_password_title()}>
      <SectionError error={refused?.message ?? change.error} />
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
        <TextField
          compact
          label={m.admin_setup_password_current()}
          type="password"
          autoComplete="current-password"
          error={errorOf('current')}
          {...bind('current')}
        />
        <NewPasswordField
          label={m.admin_setup_new_password()}
          error={errorOf('next')}
          hint={passwordHint()}
          {...bind('next')}
        />
        <NewPasswordField
          label={m.admin_setup_password_again()}
          error={errorOf('repeat')}
          {...bind('repeat')}
        />
        <Button type="submit" disabled={change.isPending} className="h-10 justify-self-start">
          {change.isPending ? m.admin_setup_saving() : m.admin_setup_password_change()}
        </Button>
      </form>
    </Panel>
  );
}
