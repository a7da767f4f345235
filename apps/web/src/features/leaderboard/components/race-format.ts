import type { PrizeTier, RaceRepeat } from '@rewards/contracts';
import { m } from '@/paraglide/messages.js';

/** "2d 03:04:05" (days only when there are any), in the player's language. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? m.races_countdown_days({ days: String(days), time }) : time;
}

/** "#1", or "#3 to #10" for a tier of several ranks. */
export function formatRanks(tier: Pick<PrizeTier, 'from' | 'to'>): string {
  return tier.from === tier.to
    ? m.races_rank_single({ rank: String(tier.from) })
    : m.races_rank_range({ from: String(tier.from), to: String(tier.to) });
}

export const repeatLabel: Record<RaceRepeat, () => string> = {
  none: m.races_repeat_none,
  daily: m.races_repeat_daily,
  weekly: m.races_repeat_weekly,
  monthly: m.races_repeat_monthly,
};
