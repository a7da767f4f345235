/** Tables of daily streak, promo codes, giveaways (migration 0004_rewards). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RewardsTables {}
