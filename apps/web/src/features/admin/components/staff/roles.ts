import { staffRoles, type StaffRole } from '@rewards/contracts';
import { formatCount, formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

export { staffRoles };

/** The contracts' rule for a new staff password, checked here first for a plain message. */
export const MIN_STAFF_PASSWORD = 12;

const roleLabels: Record<StaffRole, () => string> = {
  owner: m.admin_setup_role_owner,
  moderator: m.admin_setup_role_moderator,
  support: m.admin_setup_role_support,
};

export function roleLabel(role: StaffRole): string {
  return roleLabels[role]();
}

/** "The password needs at least 12 characters." (a new member's first one). */
export function passwordTooShort(): string {
  return m.admin_setup_password_too_short({ count: formatCount(MIN_STAFF_PASSWORD) });
}

/** "The new password needs at least 12 characters." (a reset one, one's own new one). */
export function newPasswordTooShort(): string {
  return m.admin_setup_new_password_too_short({ count: formatCount(MIN_STAFF_PASSWORD) });
}

/** "At least 12 characters.", under a new password field. */
export function passwordHint(): string {
  return m.admin_setup_password_hint({ count: formatCount(MIN_STAFF_PASSWORD) });
}

/** What each role may do, in the console's words; the server's check is the rule. */
export function roleSummary(role: StaffRole, moderatorApproveLimit: number): string {
  switch (role) {
    case 'owner':
      return m.admin_setup_role_owner_summary();
    case 'moderator':
      return m.admin_setup_role_moderator_summary({ amount: formatRobux(moderatorApproveLimit) });
    case 'support':
      return m.admin_setup_role_support_summary();
  }
}
