import { z } from 'zod';
import { ledgerKind } from './ledger.ts';

/*
 * GET /api/account/export (signed in): everything the site holds about the caller, as one JSON
 * document the browser saves as a file. Amounts are R$; dates are ISO-8601 UTC. Another player's
 * identity is never in it: referrals made are counts and dates, shared sign-in signals say which kind
 * and when, audit rows say what was done and when (not by which staff member).
 */

const date = z.string();
const nullableDate = z.string().nullable();

export const exportAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  robloxId: z.number().int(),
  balance: z.number(),
  earnings: z.number(),
  status: z.enum(['active', 'banned']),
  verified: z.boolean(),
  protected: z.boolean(),
  joinedAt: date,
  offersCompleted: z.number().int(),
  referralsMade: z.number().int(),
  referralsEarned: z.number(),
  /** The username of the player whose link opened this account; null when none (or since deleted). */
  referredBy: z.string().nullable(),
});

export const exportLedgerEntry = z.object({
  id: z.number().int(),
  kind: ledgerKind,
  amount: z.number(),
  description: z.string(),
  date,
});

export const exportWithdrawal = z.object({
  id: z.number().int(),
  robux: z.number().int(),
  amount: z.number(),
  method: z.string(),
  state: z.string(),
  gamepassId: z.number().int().nullable(),
  createdAt: date,
  updatedAt: date,
  paidAt: nullableDate,
});

export const exportVerification = z.object({
  verified: z.boolean(),
  /** The account's current bio sentence; null once verified or never asked. */
  currentSentence: z.string().nullable(),
  /** Sentences handed out to prove ownership when signing in to a protected account. */
  signInProofs: z.array(
    z.object({ sentence: z.string(), createdAt: date, expiresAt: date, usedAt: nullableDate }),
  ),
  /** Sign in with Roblox attempts that proved this account. */
  robloxSignIns: z.array(
    z.object({ purpose: z.string(), createdAt: date, expiresAt: date, finishedAt: nullableDate }),
  ),
});

export const exportReferrals = z.object({
  /** Accounts opened with the caller's link: when, not who (they are other players). */
  signedUp: z.object({ count: z.number().int(), dates: z.array(date) }),
  /** Of those, the ones that counted (ownership proved, R$1 earned, no shared signal). */
  qualified: z.object({ count: z.number().int(), dates: z.array(date) }),
});

export const exportSession = z.object({
  createdAt: date,
  expiresAt: date,
  revokedAt: nullableDate,
  /** `name` (typed), `bio` (a fresh sentence checked), `roblox` (Sign in with Roblox); null: before this was kept. */
  openedBy: z.string().nullable(),
  browser: z.string().nullable(),
  /** The bio sentence this session handed out, if any. */
  verificationSentence: z.string().nullable(),
});

export const exportSignal = z.object({
  kind: z.enum(['device', 'address']),
  firstSeenAt: date,
  lastSeenAt: date,
  signIns: z.number().int(),
  createdAccount: z.boolean(),
  /** Another account signed in with the same value (that account is not named). */
  sharedWithAnotherAccount: z.boolean(),
});

export const exportPostback = z.object({
  wall: z.string(),
  transactionId: z.string().nullable(),
  action: z.string().nullable(),
  verdict: z.string(),
  amount: z.number().nullable(),
  date,
});

export const exportOfferTransaction = z.object({
  wall: z.string(),
  transactionId: z.string(),
  kind: z.string(),
  amount: z.number().nullable(),
  description: z.string(),
  state: z.string(),
  createdAt: date,
  updatedAt: date,
});

export const accountExport = z.object({
  format: z.literal('rbxrewards-data-export/1'),
  exportedAt: date,
  /** Plain sentences: what the rest of the document holds. */
  summary: z.array(z.string()),
  account: exportAccount,
  ledger: z.array(exportLedgerEntry),
  withdrawals: z.array(exportWithdrawal),
  verification: exportVerification,
  referrals: exportReferrals,
  sessions: z.array(exportSession),
  giveawayEntries: z.array(z.object({ giveaway: z.string(), enteredAt: date, won: z.boolean() })),
  promoRedemptions: z.array(z.object({ code: z.string(), amount: z.number(), date })),
  dailyClaims: z.object({
    streak: z.object({ day: z.number().int(), lastClaimDay: z.string(), updatedAt: date }).nullable(),
    claims: z.array(z.object({ amount: z.number(), date })),
  }),
  socialClaims: z.array(z.object({ social: z.string().nullable(), amount: z.number(), date })),
  signInSignals: z.object({
    /** When the account was first found sharing a sign-in signal with another; null: never. */
    linkedAt: nullableDate,
    signals: z.array(exportSignal),
  }),
  postbacks: z.array(exportPostback),
  offerTransactions: z.array(exportOfferTransaction),
  /** The level reached (docs/levels.md), its experience in R$, and the level rewards paid. */
  level: z.object({
    level: z.number().int(),
    experience: z.number(),
    rewards: z.array(z.object({ level: z.number().int(), amount: z.number(), date })),
  }),
  /** The races whose prizes were decided with this player among the places walked (docs/races.md). */
  raceResults: z.array(
    z.object({
      race: z.string(),
      startAt: date,
      endAt: date,
      place: z.number().int(),
      amount: z.number(),
      prizeRank: z.number().int().nullable(),
      prize: z.number(),
      /** Why no prize: `banned`, or `linked` (the other account is not named). */
      excluded: z.string().nullable(),
      paid: z.boolean(),
    }),
  ),
  /** What staff did to the account (not who). */
  auditLog: z.array(z.object({ action: z.string(), date })),
});
export type AccountExport = z.infer<typeof accountExport>;
