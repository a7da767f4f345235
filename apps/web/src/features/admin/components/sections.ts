import type { LucideIcon } from 'lucide-react';
import {
  Banknote,
  Gauge,
  Gift,
  ScrollText,
  Ticket,
  UserCog,
  UserRoundKey,
  Users,
  Wallet,
} from 'lucide-react';
import type { StaffPermission } from '@rewards/contracts';

export const adminSections = [
  {
    id: 'overview',
    label: 'Overview',
    icon: Gauge,
    description: 'The site at a glance: totals and the last 30 days.',
  },
  {
    id: 'users',
    label: 'Users',
    icon: Users,
    description: 'Find players, ban or unban them, add points and read their ledger.',
  },
  {
    id: 'offers',
    label: 'Offers',
    icon: Banknote,
    description: 'Offerwalls and survey walls, and every postback they sent.',
  },
  {
    id: 'promocodes',
    label: 'Promocodes',
    icon: Ticket,
    description: 'Create promo codes, watch their uses and switch them off.',
  },
  {
    id: 'withdrawals',
    label: 'Withdrawals',
    icon: Wallet,
    description: 'The payout queue: mark paid, reject with a refund, resolve reviews.',
  },
  {
    id: 'giveaways',
    label: 'Giveaways',
    icon: Gift,
    description: 'Create giveaways, see their entries and end them early.',
  },
  {
    id: 'audit',
    label: 'Audit log',
    icon: ScrollText,
    description: 'Every admin action: who, what, before, after and when.',
  },
  {
    id: 'staff',
    label: 'Staff',
    icon: UserCog,
    description: 'Who may use the console, and what their role lets them do.',
    needs: 'staff.manage',
  },
  {
    id: 'account',
    label: 'My account',
    icon: UserRoundKey,
    description: 'Your password and two-factor sign-in.',
    needs: 'self',
  },
] as const satisfies readonly {
  id: string;
  label: string;
  icon: LucideIcon;
  description: string;
  /** Shown only to a role with this permission (GET /api/admin/me). */
  needs?: StaffPermission;
}[];

export type AdminSection = (typeof adminSections)[number];

export type AdminSectionId = (typeof adminSections)[number]['id'];

export function parseSection(value: string | null): AdminSectionId {
  return adminSections.find((section) => section.id === value)?.id ?? 'overview';
}

/** The sections a member with these permissions sees in the navigation. */
export function sectionsFor(permissions: readonly StaffPermission[]): AdminSection[] {
  return adminSections.filter((section) => !('needs' in section) || permissions.includes(section.needs));
}
