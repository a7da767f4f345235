import type { LucideIcon } from 'lucide-react';
import {
  CalendarCheck,
  CircleHelp,
  Coins,
  Gift,
  History,
  CirclePlay,
  Ticket,
  Trophy,
  Users,
  Wallet,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  hint?: string;
}

export interface NavGroup {
  title: string;
  items: NavItem[];
}

/** Sidebar groups (spec §2 "Chrome"). Links use the lower-case paths; routes match any casing. */
export const sidebarGroups: NavGroup[] = [
  {
    title: 'Earn Points',
    items: [
      { label: 'Earn', to: '/earn', icon: Coins },
      { label: 'Videos', to: '/videos', icon: CirclePlay },
    ],
  },
  {
    title: 'Extra Rewards',
    items: [
      { label: 'Promocodes', to: '/promocodes', icon: Ticket },
      { label: 'Daily Login', to: '/daily', icon: CalendarCheck },
      { label: 'Giveaways', to: '/giveaways', icon: Gift },
    ],
  },
  {
    title: 'Cashier',
    items: [
      { label: 'Withdraw', to: '/withdraw', icon: Wallet },
      { label: 'Transactions', to: '/transactions', icon: History },
    ],
  },
  {
    title: 'Other',
    items: [
      { label: 'Leaderboard', to: '/leaderboard', icon: Trophy },
      { label: 'Affiliates', to: '/affiliates', icon: Users, hint: 'Referral Program' },
    ],
  },
  {
    title: 'Support',
    items: [{ label: 'Help', to: '/help', icon: CircleHelp }],
  },
];

export const footerQuickLinks: { label: string; to: string }[] = [
  { label: 'Earn Robux', to: '/earn' },
  { label: 'Daily Rewards', to: '/daily' },
  { label: 'Leaderboard', to: '/leaderboard' },
  { label: 'Referral Program', to: '/affiliates' },
  { label: 'Withdraw', to: '/withdraw' },
];
