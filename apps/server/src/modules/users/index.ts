// For other modules and the wiring: reading, creating and renaming accounts, the sentence a player puts in
// their bio, and who a referral link names in its preview.
export {
  findUserById,
  findUserByName,
  findUserByRobloxId,
  deletedAccountOf,
  insertUserOnce,
  restoreAccount,
  releaseNameHeldByOther,
  updateNames,
} from './repository.ts';
export { newVerificationSentence, normaliseText } from './verification-sentence.ts';
export { inviterNames } from './inviter-names.ts';
