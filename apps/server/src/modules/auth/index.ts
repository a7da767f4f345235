// For other modules and app.ts: the player session (its hook, the signed-in player and the checks
// routes make with it) and the session tokens, which admin sessions and the bio check share.
export { authenticatePlugin, assertSelf, playerOf, type Player } from './session-hook.ts';
export { hashToken, newSessionToken } from './tokens.ts';
export { findSessionUser } from './repository.ts';
export {
  markSessionHashProven,
  markSessionProven,
  requireOwnershipProof,
  sessionRecentlyProven,
} from './ownership-proof.ts';
export { revokeUnprovenSessions } from './sessions-repository.ts';
