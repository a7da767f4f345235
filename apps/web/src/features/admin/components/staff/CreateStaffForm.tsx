import type { FormEvent } from 'react';
import type { StaffRole } from '@rewards/contracts';
import { toastSuccess } from '@/lib/toast';
import { ChoiceField, TextField } from '@/components/ui/FormField';
import { Panel } from '@/components/ui/Panel';
import { useFormState } from '@/lib/form-state';
import { useCreateStaff } from '../../api/staff';
import { CreateButton } from '../CreateButton';
import { MIN_STAFF_PASSWORD, roleLabel, roleSummary, staffRoles } from './roles';

/**
 * A new staff member: a username, a first password (they change it in My account) and a role. What
 * went wrong goes to the section's error box through `onError` (a form check) and `create.error`.
 */
export function CreateStaffForm({
  create,
  moderatorApproveLimit,
  onError,
}: {
  create: ReturnType<typeof useCreateStaff>;
  moderatorApproveLimit: number;
  onError: (message: string | null) => void;
}) {
  const { form, set, bind, reset } = useFormState({
    username: '',
    password: '',
    role: 'moderator' as StaffRole,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onError(null);
    create.reset();
    const username = form.username.trim();
    if (!username) return onError('Enter a username.');
    if (form.password.length < MIN_STAFF_PASSWORD)
      return onError(`The password needs at least ${MIN_STAFF_PASSWORD} characters.`);
    create.mutate(
      { username, password: form.password, role: form.role },
      {
        onSuccess: (member) => {
          reset();
          toastSuccess('Staff member added', `${member.username} can sign in as ${roleLabel[member.role]}.`);
        },
      },
    );
  }

  return (
    <Panel title="Add a staff member">
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
        <TextField
          compact
          label="Username"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={32}
          placeholder="jordan"
          {...bind('username')}
        />
        <TextField
          compact
          label="First password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_STAFF_PASSWORD} characters.`}
          {...bind('password')}
        />
        <ChoiceField
          compact
          label="Role"
          options={staffRoles}
          labelOf={(role) => roleLabel[role]}
          value={form.role}
          onChoose={(role) => set('role', role)}
        />
        <ul className="text-xs text-slate-400 sm:col-span-3">
          {staffRoles.map((role) => (
            <li key={role}>
              <span className="font-semibold text-slate-300">{roleLabel[role]}</span>:{' '}
              {roleSummary(role, moderatorApproveLimit)}
            </li>
          ))}
        </ul>
        <CreateButton busy={create.isPending} label="Add staff member" className="h-10 justify-self-start" />
      </form>
    </Panel>
  );
}
