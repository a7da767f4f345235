// For other modules: a ban holds the player's waiting withdrawals (in the ban's transaction), and the
// review rules (one entry each) that send a withdrawal to the admin's review. For the wiring: the
// payout worker (PAYOUT_MODE=roblox).
export { holdWithdrawalsOfBannedPlayer } from './ban-holds.ts';
export { REVIEW_RULES, type ReviewRule, type ReviewContext } from './review-rules.ts';
export { payoutRound } from './payout-worker.ts';
// For the health check and metrics: the payout queue by state.
export { withdrawalsByState } from './repository.ts';
// For the landing page: what the site has paid out.
export { paidWithdrawalTotals } from './figures-repository.ts';
// For the first-steps guide: whether a player ever asked for a withdrawal, and the minimum one.
export { hasAnyForUser as hasRequestedWithdrawal } from './player-history-repository.ts';
export { withdrawalBounds } from './withdraw-input.ts';
