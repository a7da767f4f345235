// For other modules: the player's level (the profile), the levels of the leaderboard's rows, and
// what the data export says of a player's level; for the offers module, the level rewards a credit
// made due, paid just after it commits; for the wiring, the sweep that pays new rewards to players
// already past their level.
export { levelExport, levelOf, levelsOf } from './service.ts';
export { LEVEL_REWARD_SWEEP_MS, payLevelRewardsAfterCredit, sweepLevelRewards } from './rewards.ts';
