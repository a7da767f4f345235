// For other modules: the profile's `pendingRobux`, the admin console's postback list and replay, the
// postback log's pruning (run by the retention module with the rest of the site's retention), and
// keeping a deleted account's Roblox id refused as a CPX transaction id (account deletion); for
// the wiring, the sweep that pays held credits whose hold has passed.
export { pendingRobuxOf, releaseDueHolds } from './credits/service.ts';
export { forfeitHolds } from './credits/repository.ts';
export { handlePostback } from './postbacks/service.ts';
export { replayPostback } from './postbacks/replay.ts';
export { prunePostbackLog } from './postbacks/retention.ts';
export { listPostbacks } from './postbacks/repository.ts';
export { retireRobloxId } from './postbacks/retired-ids.ts';
// For races: each player's provider earnings over a race's period, and what changed them since a
// reader last looked (new transactions and reversals, by id).
export {
  earningsBetween,
  earningsOfBetween,
  earningsOfIdsBetween,
  lastEarnerId,
  lastEarningChangeIds,
  reversalsAfter,
  transactionsAfter,
  type EarningChange,
  type PeriodEarning,
} from './period-earnings-repository.ts';

/** How often held offer credits whose hold has passed are paid. */
export const HOLD_SWEEP_MS = 60_000;
