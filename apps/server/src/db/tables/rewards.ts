import type { Generated } from 'kysely';
import { columnsOf } from '../columns.ts';

/** One row per player who ever claimed: where they are in the 7-day cycle. */
export interface StreaksTable {
  user_id: number;
  /** The cycle day (1–7) of the last claim. */
  day: number;
  /** UTC calendar day (`yyyy-mm-dd`) of the last claim. */
  last_claim_day: string;
  updated_at: string;
}

export const STREAK_COLUMNS = columnsOf<StreaksTable>({
  user_id: true,
  day: true,
  last_claim_day: true,
  updated_at: true,
});

export interface PromoCodesTable {
  id: Generated<number>;
  /** Normalised: trimmed, upper case. Unique. */
  code: string;
  /** Hundredths of R$ credited per redemption. */
  amount: number;
  /** Total redemptions allowed; null = unlimited. */
  max_uses: number | null;
  uses: Generated<number>;
  /** ISO time after which the code is refused; null = never. */
  expires_at: string | null;
  /** 1 = redeemable, 0 = switched off by an admin. */
  active: Generated<number>;
  created_at: string;
}

export interface PromoRedemptionsTable {
  code_id: number;
  user_id: number;
  created_at: string;
}

export interface GiveawaysTable {
  id: Generated<number>;
  title: string;
  description: string;
  /** Hundredths of R$ paid to the winner. */
  prize: number;
  end_at: string;
  winner_user_id: number | null;
  /** Set once, by the one pick that wins the race; null while open. */
  ended_at: string | null;
  created_at: string;
  /** The draw's secret, 64 lowercase hex characters; never public before the draw (docs/draws.md). */
  draw_secret: string | null;
  /** Hex SHA-256 of `draw_secret`, public from creation on. Null on giveaways ended before 0029. */
  draw_commitment: string | null;
  /** JSON array of the shortened names the draw hashed; set by the draw. */
  draw_entries: string | null;
  draw_hash: string | null;
  draw_winner_index: number | null;
}

export interface GiveawayEntriesTable {
  giveaway_id: number;
  user_id: number;
  created_at: string;
}

/** Tables of daily streak, promo codes, giveaways (migration 0004_rewards). */
export interface RewardsTables {
  streaks: StreaksTable;
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  giveaways: GiveawaysTable;
  giveaway_entries: GiveawayEntriesTable;
}
