import type { FormEvent } from 'react';
import type { StaffRole } from '@rewards/contracts';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { ChoiceField, TextField } from '@/components/ui/FormField';
import { Panel } from '@/components/ui/Panel';
import { useFieldError, useFormState } from '@/lib/form-state';
import { useCreateStaff } from '../../api/staff';
import { CreateButton } from '../CreateButton';
import { NewPasswordField } from './NewPasswordField';
import {
  MIN_STAFF_PASSWORD,
  passwordHint,
  passwordTooShort,
  roleLabel,
  roleSummary,
  staffRoles,
} from './roles';

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
  // The field a check refused, so its message also shows under it.
  const { errorOf, refuse: refuseField, clear } = useFieldError<'username' | 'password'>();
  const refuse = (field: 'username' | 'password', message: string) => {
    refuseField(field, message);
    onError(message);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onError(null);
    clear();
    create.reset();
    const username = form.username.trim();
    if (!username) return refuse('username', m.admin_setup_staff_error_username());
    if (form.password.length < MIN_STAFF_PASSWORD) return refuse('password', passwordTooShort());
    create.mutate(
      { username, password: form.password, role: form.role },
      {
        onSuccess: (member) => {
          reset();
          toastSuccess(
            m.admin_setup_staff_added(),
            m.admin_setup_staff_added_detail({ name: member.username, role: roleLabel(member.role) }),
          );
        },
      },
    );
  }

  return (
    <Panel title={m.admin_setup_staff_add_title()}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3">
        <TextField
          compact
          label={m.admin_setup_staff_username()}
          error={errorOf('username')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={32}
          placeholder="jordan"
          {...bind('username')}
        />
        <NewPasswordField
          label={m.admin_setup_staff_first_password()}
          error={errorOf('password')}
          hint={passwordHint()}
          {...bind('password')}
        />
        <ChoiceField
          compact
          label={m.admin_setup_staff_role()}
          options={staffRoles}
          labelOf={roleLabel}
          value={form.role}
          onChoose={(role) => set('role', role)}
        />
        <ul className="text-xs text-slate-400 sm:col-span-3">
          {staffRoles.map((role) => (
            <li key={role}>
              <span className="font-semibold text-slate-300">{roleLabel(role)}</span>:{' '}
              {roleSummary(role, moderatorApproveLimit)}
            </li>
          ))}
        </ul>
        <CreateButton
          busy={create.isPending}
          label={m.admin_setup_staff_add()}
          className="h-10 justify-self-start"
        />
      </form>
    </Panel>
  );
}
