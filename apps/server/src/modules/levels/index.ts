// For other modules: the player's level with its rewards paid (the profile), the levels of the
// leaderboard's rows, and what the data export says of a player's level.
export { levelExport, levelOf, levelsOf } from './service.ts';
