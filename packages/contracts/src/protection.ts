import { z } from 'zod';

/**
 * Protected accounts: typing the name does not open the account; the owner proves it with
 * a fresh bio sentence (or Sign in with Roblox). The player's sessions can be listed and signed out.
 */

/** What the page needs to ask for proof: a sentence for the Roblox profile's About, and its token. */
export const loginProofChallenge = z.object({
  proofToken: z.string(),
  sentence: z.string(),
  expiresAt: z.string(),
});
export type LoginProofChallenge = z.infer<typeof loginProofChallenge>;

/** The words the login page shows when a typed name is refused with ACCOUNT_PROTECTED. */
export const ACCOUNT_PROTECTED_MESSAGE =
  "This account is protected. Prove it is yours: put this sentence in your Roblox profile's About, then press Check.";

/** A proof token as handed out: 43 base64url characters. */
const proofToken = z.string().trim().min(1).max(100);

/** POST /api/login/prove: the sentence of that proof is now in the bio; opens a session (`loginResponse`). */
export const loginProveRequest = z.object({ proofToken });
export type LoginProveRequest = z.infer<typeof loginProveRequest>;

/**
 * POST /api/account/protection. Turning it off needs proof from the last 10 minutes: this session was
 * opened by proof, or `proofToken` names a bio proof (POST /api/account/protection/proof) now in the bio.
 */
export const protectionRequest = z.object({
  on: z.boolean(),
  proofToken: proofToken.optional(),
});
export type ProtectionRequest = z.infer<typeof protectionRequest>;

export const protectionResponse = z.object({ protected: z.boolean() });
export type ProtectionResponse = z.infer<typeof protectionResponse>;

/** POST /api/account/protection/proof: a fresh sentence to prove ownership (for this session's next acts). */
export const protectionProofResponse = loginProofChallenge;

/**
 * What a typed-name session is told before an act that could hurt or expose the owner (403
 * PROOF_REQUIRED): the session must prove ownership first, by either way.
 */
export const OWNERSHIP_PROOF_MESSAGE =
  "Prove this account is yours first: put a fresh sentence in your Roblox profile's About, or sign in with Roblox.";

/**
 * POST /api/account/prove: the sentence of `proofToken` is now in the bio; this session is proven, and
 * an account proven for the first time takes `ref` (the link this browser first came with) as referrer.
 */
export const proveOwnershipRequest = z.object({ proofToken, ref: z.string().trim().max(20).nullish() });
export type ProveOwnershipRequest = z.infer<typeof proveOwnershipRequest>;

/** Until when this session may delete, download, sign others out and change protection. */
export const proveOwnershipResponse = z.object({ provenUntil: z.string() });
export type ProveOwnershipResponse = z.infer<typeof proveOwnershipResponse>;

export const sessionProof = z.enum(['name', 'bio', 'roblox']);
export type SessionProof = z.infer<typeof sessionProof>;

/** One live session of the player; `id` is a handle, not the token or its hash. */
export const accountSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** How it was opened; a session with no recorded proof counts as typed (`name`). */
  proof: sessionProof,
  /** e.g. "Chrome on Windows", from the browser's user agent; "Unknown browser" when it sent none. */
  browser: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

/** GET /api/account/sessions: newest first. */
export const accountSessionsResponse = z.object({ sessions: z.array(accountSession) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponse>;

export const sessionHandleParams = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, 'Unknown session.') });

/** POST /api/account/sessions/revoke-others and /:id/revoke: how many sessions were signed out. */
export const revokeSessionsResponse = z.object({ revoked: z.number() });
export type RevokeSessionsResponse = z.infer<typeof revokeSessionsResponse>;
