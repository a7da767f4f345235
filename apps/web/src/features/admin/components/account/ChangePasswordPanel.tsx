import { useState, type FormEvent } from 'react';
import { toastSuccess } from '@/lib/toast';
import { TextField } from '@/components/ui/FormField';
import { Panel } from '@/components/ui/Panel';
import { Button } from '@/components/ui/Button';
import { useFormState } from '@/lib/form-state';
import { useChangeOwnPassword } from '../../api/me';
import { SectionError } from '../SectionError';
import { MIN_STAFF_PASSWORD } from '../staff/roles';

/** The signed-in member's own password: the current one proves it is them, the new one twice. */
export function ChangePasswordPanel() {
  const change = useChangeOwnPassword();
  const { form, bind, reset } = useFormState({ current: '', next: '', repeat: '' });
  const [formError, setFormError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    change.reset();
    if (!form.current) return setFormError('Enter your current password.');
    if (form.next.length < MIN_STAFF_PASSWORD)
      return setFormError(`The new password needs at least ${MIN_STAFF_PASSWORD} characters.`);
    if (form.next !== form.repeat) return setFormError('The two new passwords differ.');
    change.mutate(
      { current: form.current, next: form.next },
      {
        onSuccess: () => {
          reset();
          toastSuccess('Password changed', 'Use the new password from your next sign-in.');
        },
      },
    );
  }

  return (
    <Panel title="Password">
      <SectionError error={formError ?? change.error} />
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
        <TextField
          compact
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...bind('current')}
        />
        <TextField
          compact
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_STAFF_PASSWORD} characters.`}
          {...bind('next')}
        />
        <TextField
          compact
          label="New password again"
          type="password"
          autoComplete="new-password"
          {...bind('repeat')}
        />
        <Button type="submit" disabled={change.isPending} className="h-10 justify-self-start">
          {change.isPending ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Panel>
  );
}
