import type { LucideIcon } from 'lucide-react';
import {
  Banknote,
  Flag,
  ChartNoAxesCombined,
  Gauge,
  Gift,
  ScrollText,
  Star,
  Ticket,
  UserCog,
  UserRoundKey,
  Users,
  Wallet,
} from 'lucide-react';
import type { StaffPermission } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';

export const adminSections = [
  {
    id: 'overview',
    label: m.admin_section_overview,
    icon: Gauge,
    description: m.admin_section_overview_description,
  },
  {
    id: 'economics',
    label: m.economics_section,
    icon: ChartNoAxesCombined,
    description: m.economics_section_description,
    needs: 'economics.read',
  },
  {
    id: 'users',
    label: m.admin_section_users,
    icon: Users,
    description: m.admin_section_users_description,
  },
  {
    id: 'offers',
    label: m.admin_section_offers,
    icon: Banknote,
    description: m.admin_section_offers_description,
  },
  {
    id: 'promocodes',
    label: m.admin_section_promocodes,
    icon: Ticket,
    description: m.admin_section_promocodes_description,
  },
  {
    id: 'withdrawals',
    label: m.admin_section_withdrawals,
    icon: Wallet,
    description: m.admin_section_withdrawals_description,
  },
  {
    id: 'giveaways',
    label: m.admin_section_giveaways,
    icon: Gift,
    description: m.admin_section_giveaways_description,
  },
  {
    id: 'races',
    label: m.races_admin_section,
    icon: Flag,
    description: m.races_admin_section_description,
  },
  {
    id: 'levels',
    label: m.levels_admin_section,
    icon: Star,
    description: m.levels_admin_section_description,
  },
  {
    id: 'audit',
    label: m.admin_section_audit,
    icon: ScrollText,
    description: m.admin_section_audit_description,
  },
  {
    id: 'staff',
    label: m.admin_section_staff,
    icon: UserCog,
    description: m.admin_section_staff_description,
    needs: 'staff.manage',
  },
  {
    id: 'account',
    label: m.admin_section_account,
    icon: UserRoundKey,
    description: m.admin_section_account_description,
    needs: 'self',
  },
] as const satisfies readonly {
  id: string;
  /** Messages, read at render so they follow the language. */
  label: () => string;
  icon: LucideIcon;
  description: () => string;
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
