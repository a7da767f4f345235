/** A level's one-time reward, set by the operator (migration 0031_levels). Amount in hundredths. */
export interface LevelRewardsTable {
  level: number;
  amount: number;
  created_at: string;
  updated_at: string;
  /** When the pass paying players already past the level finished (migration 0034); null until then. */
  swept_at: string | null;
}

/** A level reward paid to a player: once per player and level, ever. */
export interface LevelRewardPaymentsTable {
  user_id: number;
  level: number;
  amount: number;
  entry_id: number;
  paid_at: string;
}

/** Tables of levels (migration 0031_levels). */
export interface LevelsTables {
  level_rewards: LevelRewardsTable;
  level_reward_payments: LevelRewardPaymentsTable;
}
