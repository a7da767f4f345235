import { z } from 'zod';
import { errorBody } from './errors.ts';
import { beforeIdQuery, olderPagesOf } from './paging.ts';

// Provider postbacks (GET|POST /api/postback/{slug}, public, provider-facing) and the admin console's
// postback log (admin cookie).

/**
 * GET|POST /api/postback/{slug}: plain text, as providers expect (`1`, `OK`, or the wall's own
 * success text; an error's text otherwise), never JSON.
 */
export const postbackAnswer = z.string().describe('Plain text (text/plain), as the provider expects.');
/** A refusal: the postback's own in plain text, or a JSON error when the request itself was malformed. */
export const postbackRefusal = z.union([postbackAnswer, errorBody]);

/** What happened to a stored postback (the admin console lists and replays them). */
export const postbackVerdicts = [
  'credited', // the credit was posted to the ledger
  'on_hold', // the credit was recorded and waits for OFFER_HOLD_HOURS
  'held', // over the wall's maximum, out of line with its USD payout or without it: waits for an admin's decision
  'approved', // a held postback an admin approved (credited, or on hold, exactly once)
  'rejected', // a held postback an admin rejected: nothing credited
  'ignored', // an event the provider says must not credit (non-payable install, zero screen-out, pending)
  'duplicate', // a repeat of a credit or reversal already handled: nothing more
  'reversed', // a reversal took the credit back, cancelled its hold, or was recorded ahead of it
  'already_reversed', // a credit whose reversal had arrived first: not paid
  'bad_signature',
  'forged', // signed with a value the site shows players (CPX: a transaction id equal to an account's id, or a deleted account's)
  'forbidden_address', // from an address outside the wall's allow-list
  'no_secret', // the wall has no secret (or accepts no postbacks): refused
  'unknown_wall',
  'unknown_user',
  'banned', // credits to a banned account are refused
  'invalid', // missing or malformed parameters, or a credit with a negative amount
] as const;
export type PostbackVerdict = (typeof postbackVerdicts)[number];

/** Refusals that may credit when replayed after a fix (the wall's secret or allow-list, the account). */
export const replayableVerdicts = [
  'bad_signature',
  'forbidden_address',
  'no_secret',
  'unknown_wall',
  'unknown_user',
  'banned',
  'invalid',
] as const satisfies readonly PostbackVerdict[];
/** Refusals: nothing was credited and the provider was told so. */
export const refusedVerdicts = [
  ...replayableVerdicts,
  'forged',
] as const satisfies readonly PostbackVerdict[];
/**
 * Postbacks that moved no money and wait for nobody: the log forgets them after POSTBACK_LOG_DAYS.
 * Credits and reversals (and their holds), held postbacks and the admin's approvals are kept.
 */
export const expiringVerdicts = [
  'duplicate',
  'already_reversed',
  'ignored',
  'rejected',
  ...refusedVerdicts,
] as const satisfies readonly PostbackVerdict[];

/** GET /api/admin/postbacks: newest first; `before` (an id) pages to older ones. */
export const adminPostbacksQuery = beforeIdQuery.extend({
  wall: z.string().trim().max(60).optional(),
  verdict: z.enum(postbackVerdicts).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type AdminPostbacksQuery = z.infer<typeof adminPostbacksQuery>;

export const adminPostback = z.object({
  id: z.number(),
  wall: z.string(),
  transId: z.string().nullable(),
  /** Our account id, when the provider's user matched one. */
  userId: z.number().nullable(),
  action: z.string().nullable(),
  /** The credit the postback asked for, in R$, when it was read (held postbacks show what approval pays). */
  amount: z.number().nullable(),
  /** Why it was held or refused, in words. */
  reason: z.string().nullable(),
  /** The raw parameters the provider sent (query and body merged). */
  params: z.record(z.string(), z.unknown()),
  verdict: z.enum(postbackVerdicts),
  ip: z.string().nullable(),
  ledgerEntryId: z.number().nullable(),
  createdAt: z.string(),
});
export type AdminPostback = z.infer<typeof adminPostback>;

/** `nextBefore`: pass as `before` for the next (older) page; null when this page is the last. */
export const adminPostbacksResponse = olderPagesOf('postbacks', adminPostback, 'nextBefore', z.number());
export type AdminPostbacksResponse = z.infer<typeof adminPostbacksResponse>;

/**
 * POST /api/admin/postbacks/{id}/replay: the stored postback run again with the wall's current
 * settings. What the provider would have been answered, the verdict, and the new stored postback.
 */
export const replayPostbackResponse = z.object({
  status: z.number(),
  body: z.string(),
  verdict: z.enum(postbackVerdicts),
  ledgerEntryId: z.number().nullable(),
  postbackId: z.number(),
});
export type ReplayPostbackResponse = z.infer<typeof replayPostbackResponse>;

/**
 * POST /api/admin/walls/{slug}/test-postback: a postback built and signed exactly as the wall's
 * provider would send it (a `test-…` transaction of R$0.01 for the named player), run through the
 * real postback path from the wall's first allowed address.
 */
export const testPostbackRequest = z.strictObject({
  username: z.string().trim().min(1, 'username is required').max(40),
});
export type TestPostbackRequest = z.infer<typeof testPostbackRequest>;

export const testPostbackResponse = replayPostbackResponse.extend({
  /** The URL as the provider would have called it (its secret parts, if any, shown as `***`). */
  url: z.string(),
  /** The caller address the test postback was given. */
  fromAddress: z.string(),
});
export type TestPostbackResponse = z.infer<typeof testPostbackResponse>;

/**
 * POST /api/admin/postbacks/{id}/approve | /reject: an admin's decision on a held postback.
 * Approval credits it exactly once (`outcome` is what the credit did: credited, on_hold, duplicate,
 * already_reversed); rejection credits nothing. A postback that is not held → 409.
 */
export const postbackDecisionResponse = z.object({
  postbackId: z.number(),
  verdict: z.enum(['approved', 'rejected']),
  outcome: z.enum(postbackVerdicts).nullable(),
  ledgerEntryId: z.number().nullable(),
});
export type PostbackDecisionResponse = z.infer<typeof postbackDecisionResponse>;
