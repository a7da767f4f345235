import type { PostbackVerdict } from '@rewards/contracts';
import type { Deps } from '../../../shared/deps.ts';
import { creditTransaction, reverseTransaction } from '../credits/service.ts';
import { wallSecret } from '../walls/frame.ts';
import { findWallBySlug } from '../walls/repository.ts';
import { creditAmount } from './amount.ts';
import type { Db } from '../shared.ts';
import * as repo from './repository.ts';
import { verifiers } from './verifiers/index.ts';

export interface PostbackRequest {
  slug: string;
  /** Query string and body parameters, merged. */
  params: Record<string, unknown>;
  /** The `x-signature` header (generic scheme). */
  signatureHeader?: string | null;
  ip?: string | null;
}

/** What the provider gets back (plain text), and what was stored. */
export interface PostbackAnswer {
  status: number;
  body: string;
  verdict: PostbackVerdict;
  ledgerEntryId: number | null;
  postbackId: number;
}

const MAX_PARAMS = 50;
const MAX_VALUE_LENGTH = 2000;

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

function storableParams(raw: Record<string, unknown>): string {
  const text = JSON.stringify(raw) ?? '{}';
  return text.length > 20_000 ? JSON.stringify({ truncated: text.slice(0, 20_000) }) : text;
}

/**
 * One provider postback, from any of the wall's schemes: verifies it, credits or reverses the
 * provider transaction at most once, and stores it with its verdict whatever the outcome.
 * Success answers 200 with `1` (CPX Research) or `OK` (other walls); refusals answer a plain
 * message with 400 (bad parameters), 403 (bad signature, no secret, banned) or 404 (unknown wall or user).
 */
export async function handlePostback(deps: Deps, req: PostbackRequest): Promise<PostbackAnswer> {
  const record: Omit<repo.NewPostback, 'verdict' | 'ledgerEntryId' | 'createdAt'> = {
    wallSlug: req.slug.slice(0, 60),
    transId: null,
    userId: null,
    action: null,
    params: storableParams(req.params),
    signature: req.signatureHeader?.slice(0, 200) ?? null,
    ip: req.ip ?? null,
  };
  const finish = async (
    status: number,
    body: string,
    verdict: PostbackVerdict,
    ledgerEntryId: number | null = null,
    db: Db = deps.db,
  ): Promise<PostbackAnswer> => {
    const postbackId = await repo.insertPostback(db, {
      ...record,
      verdict,
      ledgerEntryId,
      createdAt: deps.clock.now().toISOString(),
    });
    return { status, body, verdict, ledgerEntryId, postbackId };
  };

  const params = flatParams(req.params);
  if (!params) return finish(400, 'Invalid parameters', 'invalid');
  record.transId = params.trans_id?.slice(0, 100) ?? null;

  const wall = await findWallBySlug(deps.db, req.slug);
  if (!wall) return finish(404, 'Unknown wall', 'unknown_wall');
  const verifier = verifiers[wall.postback_scheme];
  const secret = wallSecret(wall, deps.env);
  if (!verifier || !secret) return finish(403, 'Postbacks are not enabled for this wall', 'no_secret');

  const verified = verifier.verify(params, secret, req.signatureHeader ?? null);
  if (!verified.ok)
    return finish(verified.verdict === 'bad_signature' ? 403 : 400, verified.message, verified.verdict);
  const pb = verified.postback;
  record.transId = pb.transId;
  record.action = pb.action;

  const user = await repo.findUserForPostback(deps.db, pb.robloxId);
  if (!user) return finish(404, 'Unknown user', 'unknown_user');
  record.userId = user.id;
  const success = wall.postback_scheme === 'cpx' ? '1' : 'OK';

  // The money and the record of the postback that moved it are written in one transaction.
  if (pb.action === 'reversal') {
    return deps.db.transaction().execute(async (trx) => {
      const r = await reverseTransaction(trx, deps, { wall, transId: pb.transId, userId: user.id });
      return finish(200, success, r.verdict, r.ledgerEntryId, trx);
    });
  }
  if (user.status === 'banned') return finish(403, 'User is banned', 'banned');
  const amount = creditAmount(wall, pb.amounts);
  if (amount === null) return finish(400, 'Invalid amount', 'invalid');
  return deps.db.transaction().execute(async (trx) => {
    const r = await creditTransaction(trx, deps, { wall, transId: pb.transId, userId: user.id, amount });
    return finish(200, success, r.verdict, r.ledgerEntryId, trx);
  });
}

/**
 * Runs a stored postback again (admin console), e.g. after its wall's secret was set or its user
 * signed up. The new outcome is stored as a new postback; the ledger keys keep it at most once.
 */
export async function replayPostback(deps: Deps, postbackId: number): Promise<PostbackAnswer | null> {
  const stored = await repo.findPostbackById(deps.db, postbackId);
  if (!stored) return null;
  let params: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(stored.params);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      params = parsed as Record<string, unknown>;
  } catch {
    /* unreadable: replayed as empty, which is refused as invalid */
  }
  return handlePostback(deps, {
    slug: stored.wall_slug,
    params,
    signatureHeader: stored.signature,
    ip: 'replay',
  });
}
