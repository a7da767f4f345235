// For other modules: reading, creating and renaming accounts, and the sentence a player puts in
// their bio.
export {
  findUserById,
  findUserByName,
  findUserByRobloxId,
  insertUserOnce,
  releaseNameHeldByOther,
  updateNames,
} from './repository.ts';
export { newVerificationSentence } from './verification-sentence.ts';
