import type { LucideIcon } from 'lucide-react';
import { m } from '@/paraglide/messages.js';
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

/**
 * Sidebar groups (spec §2 "Chrome"). Links use the lower-case paths; routes match any casing. A
 * function, so the labels are read in the language of the moment.
 */
export const sidebarGroups = (): NavGroup[] => [
  {
    title: m.app_nav_group_earn(),
    items: [
      { label: m.app_nav_earn(), to: paths.earn, icon: Coins },
      { label: m.app_nav_videos(), to: paths.videos, icon: CirclePlay },
    ],
  },
  {
    title: m.app_nav_group_extra(),
    items: [
      { label: m.app_nav_promocodes(), to: paths.promocodes, icon: Ticket },
      { label: m.app_nav_daily(), to: paths.daily, icon: CalendarCheck },
      { label: m.app_nav_giveaways(), to: paths.giveaways, icon: Gift },
    ],
  },
  {
    title: m.app_nav_group_cashier(),
    items: [
      { label: m.app_nav_withdraw(), to: paths.withdraw, icon: Wallet },
      { label: m.app_nav_transactions(), to: paths.transactions, icon: History },
    ],
  },
  {
    title: m.app_nav_group_other(),
    items: [
      { label: m.app_nav_leaderboard(), to: paths.leaderboard, icon: Trophy },
      {
        label: m.app_nav_affiliates(),
        to: paths.affiliates,
        icon: Users,
        hint: m.app_nav_referral_program(),
      },
    ],
  },
  {
    title: m.app_nav_group_support(),
    items: [{ label: m.app_nav_help(), to: paths.help, icon: CircleHelp }],
  },
];

export const footerQuickLinks = (): { label: string; to: string }[] => [
  { label: m.app_footer_earn_robux(), to: paths.earn },
  { label: m.app_footer_daily_rewards(), to: paths.daily },
  { label: m.app_nav_leaderboard(), to: paths.leaderboard },
  { label: m.app_nav_referral_program(), to: paths.affiliates },
  { label: m.app_nav_withdraw(), to: paths.withdraw },
];
