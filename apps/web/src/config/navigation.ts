import type { LucideIcon } from 'lucide-react';
import { paths } from './paths';
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
      { label: 'Earn', to: paths.earn, icon: Coins },
      { label: 'Videos', to: paths.videos, icon: CirclePlay },
    ],
  },
  {
    title: 'Extra Rewards',
    items: [
      { label: 'Promocodes', to: paths.promocodes, icon: Ticket },
      { label: 'Daily Login', to: paths.daily, icon: CalendarCheck },
      { label: 'Giveaways', to: paths.giveaways, icon: Gift },
    ],
  },
  {
    title: 'Cashier',
    items: [
      { label: 'Withdraw', to: paths.withdraw, icon: Wallet },
      { label: 'Transactions', to: paths.transactions, icon: History },
    ],
  },
  {
    title: 'Other',
    items: [
      { label: 'Leaderboard', to: paths.leaderboard, icon: Trophy },
      { label: 'Affiliates', to: paths.affiliates, icon: Users, hint: 'Referral Program' },
    ],
  },
  {
    title: 'Support',
    items: [{ label: 'Help', to: paths.help, icon: CircleHelp }],
  },
];

export const footerQuickLinks: { label: string; to: string }[] = [
  { label: 'Earn Robux', to: paths.earn },
  { label: 'Daily Rewards', to: paths.daily },
  { label: 'Leaderboard', to: paths.leaderboard },
  { label: 'Referral Program', to: paths.affiliates },
  { label: 'Withdraw', to: paths.withdraw },
];
