import { useState } from 'react';
import type { StaffMember, StaffRole } from '@rewards/contracts';
import { toastSuccess } from '@/lib/toast';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { DataTable } from '@/components/ui/DataTable';
import { EmptyState } from '@/components/ui/CardStates';
import { Panel } from '@/components/ui/Panel';
import { useAdminMe } from '../../api/me';
import { useCreateStaff, useResetStaffPassword, useStaff, useUpdateStaff } from '../../api/staff';
import { ListBody } from '../ListStates';
import { SectionPanels } from '../SectionError';
import { cardTableProps } from '../offers/mobileCards';
import { CreateStaffForm } from './CreateStaffForm';
import { MIN_STAFF_PASSWORD, roleLabel } from './roles';
import { staffColumns, StaffRow } from './StaffRow';

/**
 * Staff (owner only; the navigation hides it from other roles and the server refuses them): add a
 * member, change their role, disable or enable them, set a new password. Every change that takes
 * something away asks first.
 */
export function StaffSection() {
  const me = useAdminMe();
  const allowed = me.data?.permissions.includes('staff.manage') ?? false;
  const list = useStaff(allowed);
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const resetPassword = useResetStaffPassword();
  const { ask, dialog } = useConfirmation();
  const [formError, setFormError] = useState<string | null>(null);

  if (me.data && !allowed) {
    return <EmptyState>Only an owner manages staff.</EmptyState>;
  }

  const clearErrors = () => {
    setFormError(null);
    create.reset();
    update.reset();
    resetPassword.reset();
  };

  function onRole(member: StaffMember, role: StaffRole) {
    clearErrors();
    ask(
      {
        title: 'Change the role?',
        question: `Make ${member.username} ${roleLabel[role]} instead of ${roleLabel[member.role]}? It applies to their next action.`,
        confirm: `Make ${roleLabel[role]}`,
        danger: role !== 'owner',
      },
      () => update.mutate({ id: member.id, changes: { role } }),
    );
  }

  function onDisabled(member: StaffMember, disabled: boolean) {
    clearErrors();
    ask(
      disabled && {
        title: `Disable ${member.username}?`,
        question: `${member.username} is signed out everywhere and cannot sign in until enabled again.`,
        confirm: 'Disable',
        danger: true,
      },
      () => update.mutate({ id: member.id, changes: { disabled } }),
    );
  }

  function onResetPassword(member: StaffMember, password: string, done: () => void) {
    clearErrors();
    if (password.length < MIN_STAFF_PASSWORD)
      return setFormError(`The new password needs at least ${MIN_STAFF_PASSWORD} characters.`);
    ask(
      {
        title: `Set a new password for ${member.username}?`,
        question: `Their old password stops working and their two-factor sign-in is turned off: tell them the new password and ask them to enrol again in My account.`,
        confirm: 'Set password',
        danger: true,
      },
      () =>
        resetPassword.mutate(
          { id: member.id, password },
          {
            onSuccess: () => {
              done();
              toastSuccess('Password set', `${member.username} signs in with the new password.`);
            },
          },
        ),
    );
  }

  const staff = list.data?.staff ?? [];
  const busy = update.isPending || resetPassword.isPending;

  return (
    <SectionPanels
      error={formError ?? create.error ?? update.error ?? resetPassword.error ?? list.error ?? me.error}
      retry={list}
    >
      {dialog}
      <CreateStaffForm
        create={create}
        moderatorApproveLimit={me.data?.moderatorApproveLimit ?? 0}
        onError={(message) => {
          clearErrors();
          setFormError(message);
        }}
      />
      <Panel
        title="Staff members"
        description="The site's admin password (no username) also signs in as an owner while ADMIN_BOOTSTRAP is on."
      >
        <ListBody
          query={list}
          count={staff.length}
          loading="Loading staff..."
          empty="No staff members yet: add the first one above."
        >
          <DataTable columns={staffColumns} {...cardTableProps('min-w-[40rem]')}>
            {staff.map((member) => (
              <StaffRow
                key={member.id}
                member={member}
                self={member.id === me.data?.id}
                busy={busy}
                onRole={(role) => onRole(member, role)}
                onDisabled={(disabled) => onDisabled(member, disabled)}
                onResetPassword={(password, done) => onResetPassword(member, password, done)}
              />
            ))}
          </DataTable>
        </ListBody>
      </Panel>
    </SectionPanels>
  );
}
