import type { PostbackVerdict } from '@rewards/contracts';
import type { Deps } from '../../../deps.ts';
import { limitKeyOfAddress } from '../../../shared/addresses.ts';
import { FailureLimiter } from '../../../shared/failure-limiter.ts';
import { defineCounter } from '../../../shared/process-counters.ts';
import { creditAndRecord } from '../credits/credit-and-record.ts';
import { deletedAccountOfTransaction } from '../credits/repository.ts';
import { reverseTransaction } from '../credits/service.ts';
import { allowedIpsOf, postbackAddressAllowed, wallSecret } from '../walls/settings.ts';
import { findWallBySlug } from '../walls/repository.ts';
import type { Db } from '../../../db/database.ts';
import type { Wall } from '../wall.ts';
import { creditAmount, negativeAmountReason, reviewReason } from './amount.ts';
import * as repo from './repository.ts';
import { signedForAPlayer } from './retired-ids.ts';
import { MAX_STORED_TEXT, redactSecret, storableParams } from './stored-params.ts';
import { schemes, SIGNATURE_HEADERS, type PostbackScheme } from './schemes/index.ts';

export interface PostbackRequest {
  slug: string;
  /** The query string's parameters, as the signed URL carries them. */
  query: Record<string, unknown>;
  /** A form or JSON body's parameters (empty for a GET). */
  body: Record<string, unknown>;
  /** The URL the provider called: the site's public origin, then the path and query as they arrived. */
  url: string;
  /** Request headers by lower-case name (only the signature headers are read). */
  headers: Record<string, string | undefined>;
  ip: string | null;
}

/** What the provider gets back (plain text), and what was stored (`postbackId` null: not stored). */
export interface PostbackAnswer {
  status: number;
  body: string;
  verdict: PostbackVerdict;
  ledgerEntryId: number | null;
  postbackId: number | null;
}

const MAX_PARAMS = 50;
const MAX_VALUE_LENGTH = 2000;

/**
 * Refusals (bad signatures, wrong addresses…) stored per caller network (an IPv6 /64 is one) and
 * minute, and per wall and minute whatever the number of addresses; the rest are counted only.
 */
const STORED_REFUSALS_PER_MINUTE = 60;
const STORED_REFUSALS_PER_WALL_MINUTE = 600;
/** The refusal shares of one app (per database, so apps in one process keep their own). */
const refusalShares = new WeakMap<object, { perCaller: FailureLimiter; perWall: FailureLimiter }>();
function refusalShareOf(deps: Deps) {
  let share = refusalShares.get(deps.db);
  if (!share) {
    share = {
      perCaller: new FailureLimiter(STORED_REFUSALS_PER_MINUTE - 1, 60_000),
      perWall: new FailureLimiter(STORED_REFUSALS_PER_WALL_MINUTE - 1, 60_000),
    };
    refusalShares.set(deps.db, share);
  }
  return share;
}
const REFUSALS = new Set<PostbackVerdict>([
  'invalid',
  'forbidden_address',
  'no_secret',
  'bad_signature',
  'forged',
  'unknown_user',
  'banned',
]);

const countNotStored = defineCounter({
  name: 'rewards_postbacks_not_stored_total',
  help: "Postbacks answered without a row in the postback log: to unknown or inactive walls, or refusals past an address's share of the log.",
  label: 'reason',
});

/** Flat string parameters, or null when a value is a list, an object or too long. */
function flatParams(raw: Record<string, unknown>): Record<string, string> | null {
  const entries = Object.entries(raw);
  if (entries.length > MAX_PARAMS) return null;
  const out: Record<string, string> = {};
  for (const [key, value] of entries) {
    let text: string;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
    else return null;
    if (text.length > MAX_VALUE_LENGTH || key.length > 100) return null;
    out[key] = text;
  }
  return out;
}

const successBodyOf = (wall: Wall, scheme: PostbackScheme) => wall.success_body || scheme.successBody;

/**
 * One provider postback: checks the caller's address against the wall's allow-list and the
 * signature as the wall's provider computes it, then credits, reverses or ignores the provider
 * transaction at most once. A credit with a negative amount is refused; one over the wall's
 * maximum, out of line with its USD payout or without the USD payout its provider sends, is `held`
 * for an admin. Postbacks to unknown or inactive walls are counted, never stored; every
 * other one is stored with its verdict (refusals up to a share per address).
 */
export async function handlePostback(deps: Deps, req: PostbackRequest): Promise<PostbackAnswer> {
  const wall = await findWallBySlug(deps.db, req.slug);
  if (!wall || wall.active !== 1) {
    countNotStored(wall ? 'inactive_wall' : 'unknown_wall');
    return {
      status: 404,
      body: 'Unknown wall',
      verdict: 'unknown_wall',
      ledgerEntryId: null,
      postbackId: null,
    };
  }
  // Parameters come from one place: the query string, or the body of a POST without one. Merged,
  // a body could replace values the URL's signature covers.
  const hasBody = Object.keys(req.body).length > 0;
  const rawParams = hasBody ? req.body : req.query;
  const signature = SIGNATURE_HEADERS.map((h) => req.headers[h]).find((v) => v !== undefined);
  const record: repo.NewPostbackBase = {
    wallSlug: wall.slug,
    transId: null,
    userId: null,
    action: null,
    params: storableParams(rawParams),
    signature: signature?.slice(0, 200) ?? null,
    rawUrl: req.url.slice(0, MAX_STORED_TEXT),
    ip: req.ip,
    amount: null,
    reason: null,
  };
  const finish = async (
    status: number,
    body: string,
    verdict: PostbackVerdict,
    ledgerEntryId: number | null = null,
    db: Db = deps.db,
  ): Promise<PostbackAnswer> => {
    if (REFUSALS.has(verdict)) {
      const key = req.ip ? limitKeyOfAddress(req.ip) : 'unknown';
      const share = refusalShareOf(deps);
      if (share.perCaller.isBlocked(key) || share.perWall.isBlocked(wall.slug)) {
        countNotStored('refusals_over_share');
        return { status, body, verdict, ledgerEntryId, postbackId: null };
      }
      share.perCaller.recordFailure(key);
      share.perWall.recordFailure(wall.slug);
    }
    const postbackId = await repo.insertPostback(db, {
      ...record,
      verdict,
      ledgerEntryId,
      createdAt: deps.clock.now().toISOString(),
    });
    return { status, body, verdict, ledgerEntryId, postbackId };
  };
  const refuse = (status: number, verdict: PostbackVerdict, message: string) => {
    record.reason = message;
    return finish(status, message, verdict);
  };

  const scheme = schemes[wall.postback_scheme];
  const transId = scheme ? rawParams[scheme.transIdParam] : undefined;
  if (typeof transId === 'string') record.transId = transId.slice(0, 100);

  if (!postbackAddressAllowed(wall, req.ip)) {
    return allowedIpsOf(wall).length === 0
      ? refuse(403, 'forbidden_address', "This wall's postback addresses are not set yet")
      : refuse(403, 'forbidden_address', 'This address may not send postbacks for this wall');
  }
  if (hasBody && Object.keys(req.query).length > 0) {
    return refuse(400, 'invalid', 'Send the parameters in the query string or in the body, not both');
  }
  if (hasBody && scheme?.signsUrl) {
    return refuse(400, 'invalid', 'This provider signs its URL: send the parameters in the query string');
  }
  const params = flatParams(rawParams);
  if (!params) return refuse(400, 'invalid', 'Invalid parameters');
  const secret = wallSecret(wall, deps.env);
  if (!scheme || !secret) return refuse(403, 'no_secret', 'Postbacks are not enabled for this wall');

  const verified = scheme.verify({ params, url: req.url, headers: req.headers }, secret);
  if (!verified.ok)
    return refuse(verified.verdict === 'bad_signature' ? 403 : 400, verified.verdict, verified.message);
  if (scheme.secretParam) redactSecret(record, scheme.secretParam, rawParams);
  const pb = verified.postback;
  record.transId = pb.transId;
  record.action = pb.action === 'ignore' ? null : pb.action;
  const success = successBodyOf(wall, scheme);

  // CPX signs a transaction id with the function the survey frame signs the player's id with: a
  // transaction id equal to the Roblox id of an account, or of a deleted one, is a hash the site
  // handed out, not CPX's.
  if (scheme.transIdSignedForPlayers && /^\d{1,19}$/.test(pb.transId)) {
    if (await signedForAPlayer(deps, Number(pb.transId))) {
      return refuse(403, 'forged', 'Invalid hash');
    }
  }
  if (pb.action === 'ignore') {
    record.reason = pb.note ?? 'not a paying event';
    return finish(200, success, 'ignored');
  }

  const user = await repo.findUserForPostback(deps.db, pb.robloxId);
  // The money and the record of the postback that moved it are written in one transaction.
  if (pb.action === 'reversal') {
    // A deleted account's Roblox id names no account, yet its credit is still reversed: the
    // commission the credit paid its referrer comes back, and what its forfeit did not cover
    // (credits/service.ts, reverseTransaction).
    const userId = user?.id ?? (await deletedAccountOfTransaction(deps.db, wall.slug, pb.transId));
    if (userId === null) return refuse(404, 'unknown_user', 'Unknown user');
    record.userId = userId;
    return deps.db.transaction().execute(async (trx) => {
      const r = await reverseTransaction(trx, deps, { wall, transId: pb.transId, userId });
      return finish(200, success, r.verdict, r.ledgerEntryId, trx);
    });
  }
  if (!user) return refuse(404, 'unknown_user', 'Unknown user');
  record.userId = user.id;
  if (user.status === 'banned') return refuse(403, 'banned', 'User is banned');
  const negative = negativeAmountReason(pb.amounts);
  if (negative) return refuse(400, 'invalid', negative);
  const amount = creditAmount(wall, pb.amounts);
  if (amount === null) return refuse(400, 'invalid', 'Invalid amount');
  record.amount = amount;
  // What the provider pays, for the operator's revenue: its USD field, or the amount a USD-rate wall converts.
  const usd = pb.amounts.usd ?? (wall.amount_mode === 'usd_rate' ? pb.amounts.amount : undefined);
  record.usdMicros = usd === undefined ? null : Math.round(usd * 1e6);
  const review = reviewReason(wall, amount, pb.amounts, scheme.usdParam);
  if (review) {
    record.reason = review;
    return finish(200, success, 'held');
  }
  const r = await creditAndRecord(deps, { wall, transId: pb.transId, userId: user.id, amount }, record);
  return { status: 200, body: success, ...r };
}
