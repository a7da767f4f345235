import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import type { StaffMember, StaffRole } from '@rewards/contracts';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';
import { Badge } from '@/components/ui/Badge';
import { RowButton } from '@/components/ui/DataTable';
import { InlineInput } from '@/components/ui/FormField';
import { cellClass } from '@/components/ui/table-styles';
import { cardCell, cardRow } from '../offers/mobileCards';
import { formatDateTime } from '../format';
import { roleLabel, staffRoles } from './roles';

export const staffColumns = () => [
  m.admin_setup_column_staff_member(),
  m.admin_setup_staff_role(),
  m.admin_setup_column_two_factor(),
  m.admin_setup_column_status(),
  { label: m.admin_setup_column_actions(), hidden: true },
];

const selectClass =
  'h-8 rounded-lg border border-slate-700 bg-slate-950/60 px-2 text-sm text-white transition-colors ' +
  'focus:border-emerald-400 focus:ring-2 focus:ring-emerald-400/30 focus:outline-none disabled:opacity-60';

/**
 * One staff member: role (a select), two-factor sign-in, disabled or not, and the owner's actions. The
 * signed-in member's own row has none of them (their password and 2FA are in My account; demoting or
 * disabling oneself is how an owner locks the site out).
 */
export function StaffRow({
  member,
  self,
  busy,
  onRole,
  onDisabled,
  onResetPassword,
}: {
  member: StaffMember;
  self: boolean;
  busy: boolean;
  onRole: (role: StaffRole) => void;
  onDisabled: (disabled: boolean) => void;
  /** Called with the new password; `done` runs once the server took it (the field empties and closes). */
  onResetPassword: (password: string, done: () => void) => void;
}) {
  const [resetting, setResetting] = useState(false);
  const [password, setPassword] = useState('');
  const name = member.username;

  function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) return;
    onResetPassword(password, () => {
      setPassword('');
      setResetting(false);
    });
  }

  return (
    <tr data-staff={name} className={cardRow}>
      <td className={cn(cellClass, cardCell)}>
        <p className="flex flex-wrap items-center gap-1.5 font-semibold break-all text-white">
          {name}
          {self && <Badge tone="sky">{m.admin_setup_staff_you()}</Badge>}
        </p>
        <p className="text-xs text-slate-500">
          {m.admin_setup_staff_since({ date: formatDateTime(member.createdAt) })}
        </p>
      </td>
      <td className={cn(cellClass, cardCell)} data-testid="staff-role">
        {self ? (
          roleLabel(member.role)
        ) : (
          <select
            aria-label={m.admin_setup_staff_role_of({ name })}
            className={selectClass}
            value={member.role}
            disabled={busy}
            onChange={(event) => onRole(event.target.value as StaffRole)}
          >
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
        )}
      </td>
      <td className={cn(cellClass, cardCell, 'max-sm:inline-block max-sm:pr-2')} data-testid="staff-2fa">
        {member.totpEnabled ? (
          <Badge tone="green">{m.admin_setup_staff_2fa_on()}</Badge>
        ) : (
          <Badge tone="slate">{m.admin_setup_staff_2fa_off()}</Badge>
        )}
      </td>
      <td className={cn(cellClass, cardCell, 'max-sm:inline-block')} data-testid="staff-status">
        {member.disabled ? (
          <Badge tone="red">{m.admin_setup_status_disabled()}</Badge>
        ) : (
          <Badge tone="green">{m.admin_setup_status_active()}</Badge>
        )}
      </td>
      <td className={cn(cellClass, cardCell, 'sm:text-right')}>
        {!self && (
          <div className="flex flex-wrap items-center gap-1.5 sm:justify-end">
            {resetting ? (
              <form onSubmit={onReset} className="flex flex-wrap items-center gap-1.5">
                <InlineInput
                  type="password"
                  autoComplete="new-password"
                  aria-label={m.admin_setup_staff_new_password_for({ name })}
                  placeholder={m.admin_setup_new_password()}
                  minLength={12}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  className="h-8 w-40"
                  autoFocus
                />
                <RowButton type="submit" variant="primary" disabled={busy || !password}>
                  {m.admin_setup_staff_set()}
                </RowButton>
                <RowButton variant="ghost" onClick={() => setResetting(false)}>
                  {m.admin_setup_cancel()}
                </RowButton>
              </form>
            ) : (
              <RowButton
                variant="secondary"
                disabled={busy}
                onClick={() => setResetting(true)}
                aria-label={m.admin_setup_staff_reset_password_of({ name })}
              >
                <KeyRound aria-hidden="true" className="size-3.5" /> {m.admin_setup_staff_reset_password()}
              </RowButton>
            )}
            <RowButton
              variant={member.disabled ? 'secondary' : 'danger'}
              disabled={busy}
              onClick={() => onDisabled(!member.disabled)}
              aria-label={
                member.disabled ? m.admin_setup_enable_named({ name }) : m.admin_setup_disable_named({ name })
              }
            >
              {member.disabled ? m.admin_setup_enable() : m.admin_setup_disable()}
            </RowButton>
          </div>
        )}
      </td>
    </tr>
  );
}
