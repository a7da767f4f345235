import { staffRoles, type StaffRole } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';

export { staffRoles };

/** The contracts' rule for a new staff password, checked here first for a plain message. */
export const MIN_STAFF_PASSWORD = 12;

export const roleLabel: Record<StaffRole, string> = {
  owner: 'Owner',
  moderator: 'Moderator',
  support: 'Support',
};

/** What each role may do, in the words of issue 20; the server's check is the rule. */
export function roleSummary(role: StaffRole, moderatorApproveLimit: number): string {
  switch (role) {
    case 'owner':
      return 'everything, including staff';
    case 'moderator':
      return `users and bans, postbacks, withdrawals up to ${formatRobux(moderatorApproveLimit)}`;
    case 'support':
      return 'reads everything, changes nothing';
  }
}
