// For other modules: every balance change (posting, and the earning credit that pays referral
// commissions with it), the ledger's invariant, and the figures read from it.
export {
  EARNING_KINDS,
  checkInvariant,
  entryParamsOf,
  insufficientFunds,
  creditWhen,
  post,
  postAlone,
  postRecorded,
  type Posting,
  type PostingResult,
} from './service.ts';
export {
  findEntryByKey,
  lastEntryId,
  listEntriesForUser,
  negativeBalancesKept,
  readTotals as ledgerTotals,
} from './repository.ts';
export type { AccountAfter, Guard, Record as PostingRecord } from './posting-repository.ts';
export { ledgerCells, type LedgerCell } from './rollup.ts';
export { addForfeitCover, bumpCounter, lockUser } from './accounts.ts';
export {
  creditEarning,
  creditEarningAlone,
  creditEarningWhen,
  payReferralCommissions,
  payReferralOnVerified,
  reverseEarning,
  takeBackReferralCommission,
} from './earnings.ts';
