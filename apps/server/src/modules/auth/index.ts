// For other modules and app.ts: the player session (its hook, the signed-in player and the checks
// routes make with it), the session tokens admin sessions share, whether a session proved ownership
// lately, and the bio sentence a session shows.
export { authenticatePlugin, playerNamed, playerOf, type Player } from './session-hook.ts';
export { hashToken, newSessionToken } from './tokens.ts';
export { findSessionUser } from './repository.ts';
export { signalsOfSession } from './session-signals.ts';
export { requireOwnershipProof } from './ownership-proof.ts';
export { sessionRecentlyProven } from './session-proof.ts';
export { sessionSentence } from './verification-service.ts';
