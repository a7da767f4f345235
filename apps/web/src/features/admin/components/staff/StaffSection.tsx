import { useState } from 'react';
import type { StaffMember, StaffRole } from '@rewards/contracts';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/CardStates';
import { Panel } from '@/components/ui/Panel';
import { useAdminMe } from '../../api/me';
import { useCreateStaff, useResetStaffPassword, useStaff, useUpdateStaff } from '../../api/staff';
import { ListTable } from '../ListStates';
import { SectionPanels } from '../SectionError';
import { cardTableProps } from '../offers/mobileCards';
import { CreateStaffForm } from './CreateStaffForm';
import { MIN_STAFF_PASSWORD, newPasswordTooShort, roleLabel } from './roles';
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
    return <EmptyState>{m.admin_setup_staff_owner_only()}</EmptyState>;
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
        title: m.admin_setup_staff_role_title(),
        question: m.admin_setup_staff_role_question({
          name: member.username,
          role: roleLabel(role),
          previous: roleLabel(member.role),
        }),
        confirm: m.admin_setup_staff_role_confirm({ role: roleLabel(role) }),
        danger: role !== 'owner',
      },
      () => update.mutate({ id: member.id, changes: { role } }),
    );
  }

  function onDisabled(member: StaffMember, disabled: boolean) {
    clearErrors();
    ask(
      disabled && {
        title: m.admin_setup_staff_disable_title({ name: member.username }),
        question: m.admin_setup_staff_disable_question({ name: member.username }),
        confirm: m.admin_setup_disable(),
        danger: true,
      },
      () => update.mutate({ id: member.id, changes: { disabled } }),
    );
  }

  function onResetPassword(member: StaffMember, password: string, done: () => void) {
    clearErrors();
    if (password.length < MIN_STAFF_PASSWORD) return setFormError(newPasswordTooShort());
    ask(
      {
        title: m.admin_setup_staff_reset_title({ name: member.username }),
        question: m.admin_setup_staff_reset_question(),
        confirm: m.admin_setup_staff_reset_confirm(),
        danger: true,
      },
      () =>
        resetPassword.mutate(
          { id: member.id, password },
          {
            onSuccess: () => {
              done();
              toastSuccess(
                m.admin_setup_staff_password_set(),
                m.admin_setup_staff_password_set_detail({ name: member.username }),
              );
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
        title={m.admin_setup_staff_members_title()}
        description={m.admin_setup_staff_members_description()}
      >
        <ListTable
          query={list}
          items={staff}
          loading={m.admin_setup_staff_loading()}
          empty={m.admin_setup_staff_empty()}
          columns={staffColumns()}
          {...cardTableProps('min-w-[40rem]')}
          row={(member) => (
            <StaffRow
              key={member.id}
              member={member}
              self={member.id === me.data?.id}
              busy={busy}
              onRole={(role) => onRole(member, role)}
              onDisabled={(disabled) => onDisabled(member, disabled)}
              onResetPassword={(password, done) => onResetPassword(member, password, done)}
            />
          )}
        />
      </Panel>
    </SectionPanels>
  );
}
