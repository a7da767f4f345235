import type { LucideIcon } from 'lucide-react';
import { Banknote, Gauge, Gift, ScrollText, Ticket, Users, Wallet } from 'lucide-react';

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
] as const satisfies readonly { id: string; label: string; icon: LucideIcon; description: string }[];

export type AdminSectionId = (typeof adminSections)[number]['id'];

export function parseSection(value: string | null): AdminSectionId {
  return adminSections.find((section) => section.id === value)?.id ?? 'overview';
}
