import type {
  AdminPostback,
  AdminPostbacksQuery,
  AdminPostbacksResponse,
  PostbackDecisionResponse,
  PostbackVerdict,
  ReplayPostbackResponse,
  TestPostbackResponse,
} from '@rewards/contracts';
import { fromCents } from '@rewards/contracts';
import type { Selectable } from 'kysely';
import type { PostbacksTable } from '../../../db/tables/offers.ts';
import type { Deps } from '../../../deps.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { insertAudit } from '../../audit/index.ts';
import { findUserByName } from '../../users/index.ts';
import { findPostbackById, listPostbacks as listStoredPostbacks } from '../postbacks/repository.ts';
import { decideHeldPostback } from '../postbacks/review.ts';
import type { ApproveLimit } from '../../../shared/approve-limit.ts';
import { queryParamsOf } from '../postbacks/params.ts';
import { replayPostback as replayStoredPostback } from '../postbacks/replay.ts';
import { handlePostback, type PostbackAnswer } from '../postbacks/service.ts';
import { REDACTED, redactedForView, storedParams } from '../postbacks/stored-params.ts';
import { schemes } from '../postbacks/schemes/index.ts';
import { testAddress, testPostbackRequest, testTransId, withoutSecret } from '../postbacks/setup.ts';
import { findWallBySlug } from '../walls/repository.ts';
import { allowedIpsOf, wallSecret } from '../walls/settings.ts';
import { ACTOR } from './walls-service.ts';

export { createWall, listWalls, updateWall } from './walls-service.ts';

/** The secret parameters of every scheme (AdGate's token), whatever a wall's scheme is now. */
const SECRET_PARAMS = [
  ...new Set(Object.values(schemes).flatMap((s) => (s?.secretParam ? [s.secretParam] : []))),
];

/** A cut-short JSON text with the value of each `"param":"…"` replaced (what is left of it, to its end). */
const withoutSecretValues = (text: string) =>
  SECRET_PARAMS.reduce(
    (t, param) => t.replace(new RegExp(`("${param}":")(?:[^"\\\\]|\\\\.)*("?)`, 'g'), `$1${REDACTED}$2`),
    text,
  );

/**
 * A stored postback as the console shows it. A secret parameter (AdGate's token) is shown as `***`
 * whatever the verdict: a postback refused before its token was checked (an address not yet
 * allowed) is stored as sent, for its replay.
 */
function toAdminPostback(p: Selectable<PostbacksTable>): AdminPostback {
  const params = storedParams(p.params);
  return {
    id: p.id,
    wall: p.wall_slug,
    transId: p.trans_id,
    userId: p.user_id,
    action: p.action,
    amount: p.amount === null ? null : fromCents(Number(p.amount)),
    reason: p.reason,
    // Cut short when too long to keep whole: shown as the raw text it is, less the secret.
    params: params ? redactedForView(params, SECRET_PARAMS) : { raw: withoutSecretValues(p.params) },
    verdict: p.verdict,
    ip: p.ip,
    ledgerEntryId: p.ledger_entry_id,
    createdAt: p.created_at,
  };
}

export async function listPostbacks(deps: Deps, q: AdminPostbacksQuery): Promise<AdminPostbacksResponse> {
  const rows = await listStoredPostbacks(deps.db, {
    limit: q.limit,
    beforeId: q.before,
    wallSlug: q.wall || undefined,
    verdict: q.verdict,
  });
  return {
    postbacks: rows.map(toAdminPostback),
    nextBefore: rows.length === q.limit ? rows[rows.length - 1]!.id : null,
  };
}

const answerOf = (a: PostbackAnswer, postbackId: number | null) => ({
  status: a.status,
  body: a.body,
  verdict: a.verdict,
  ledgerEntryId: a.ledgerEntryId,
  // A refusal past its address's share of the log is answered but not stored.
  postbackId: postbackId ?? 0,
});

/**
 * Runs a stored postback again with its wall's current settings (e.g. after the secret was set),
 * from the address it came from. The outcome is stored as a new postback; the ledger's keys keep a
 * credit at most once.
 */
export async function replayPostback(deps: Deps, id: number): Promise<ReplayPostbackResponse> {
  const stored = await findPostbackById(deps.db, id);
  if (!stored) throw notFound('Postback not found.');
  const answer = await replayStoredPostback(deps, id);
  if (!answer) throw conflict('This postback was too large to be stored whole, so it cannot be replayed.');
  await insertAudit(
    deps.db,
    {
      actor: ACTOR,
      action: 'postback.replay',
      target: `postback:${id}`,
      before: {
        wall: stored.wall_slug,
        transId: stored.trans_id,
        verdict: stored.verdict as PostbackVerdict,
      },
      after: {
        verdict: answer.verdict,
        status: answer.status,
        postbackId: answer.postbackId,
        ledgerEntryId: answer.ledgerEntryId,
      },
    },
    deps.clock.now().toISOString(),
  );
  return answerOf(answer, answer.postbackId);
}

/** R$0.01: a test that proves the set-up and moves next to nothing. */
const TEST_ROBUX = 0.01;

/**
 * "Send a test postback": a postback built and signed exactly as the wall's provider sends it, for
 * a test transaction of R$0.01 to the named player, run through the real postback path from the
 * wall's first allowed address. It credits that player (once) like any postback.
 */
export async function sendTestPostback(
  deps: Deps,
  slug: string,
  username: string,
  base: string,
): Promise<TestPostbackResponse> {
  const wall = await findWallBySlug(deps.db, slug);
  if (!wall) throw notFound('Wall not found.');
  const scheme = schemes[wall.postback_scheme];
  if (!scheme) throw badRequest("This wall accepts no postbacks: choose its provider's scheme first.");
  if (wall.active !== 1)
    throw badRequest('This wall is inactive: its postbacks are refused. Activate it first.');
  const secret = wallSecret(wall, deps.env);
  if (!secret) throw badRequest("Set the wall's secret first: without it every postback is refused.");
  if (allowedIpsOf(wall).length === 0 && wall.any_address !== 1)
    throw badRequest(
      "List the addresses the wall's postbacks come from (or choose any address) first: until then every postback is refused.",
    );
  const player = await findUserByName(deps.db, username);
  if (!player) throw notFound(`No player named "${username}" has signed in yet.`);

  const rate = Number(wall.rate);
  const fromAddress = testAddress(allowedIpsOf(wall));
  const request = testPostbackRequest(base, wall, scheme, secret, {
    robloxId: Number(player.roblox_id),
    transId: testTransId(),
    robux: TEST_ROBUX,
    usd: rate > 0 ? Math.ceil((TEST_ROBUX / rate) * 1e6) / 1e6 : 0.01,
    ip: fromAddress,
  });
  const answer = await handlePostback(deps, {
    slug: wall.slug,
    query: queryParamsOf(request.url),
    body: {},
    url: request.url,
    headers: request.headers,
    ip: fromAddress,
  });
  const shownUrl = withoutSecret(request.url, scheme);
  await insertAudit(
    deps.db,
    {
      actor: ACTOR,
      action: 'postback.test',
      target: `wall:${wall.slug}`,
      after: {
        url: shownUrl,
        username: player.username,
        verdict: answer.verdict,
        postbackId: answer.postbackId,
      },
    },
    deps.clock.now().toISOString(),
  );
  return { ...answerOf(answer, answer.postbackId), url: shownUrl, fromAddress };
}

/** An admin's decision on a held postback, audited. */
export async function decidePostback(
  deps: Deps,
  id: number,
  decision: 'approved' | 'rejected',
  approveLimit?: ApproveLimit,
): Promise<PostbackDecisionResponse> {
  const before = await findPostbackById(deps.db, id);
  const result = await decideHeldPostback(deps, id, decision, ACTOR, approveLimit);
  await insertAudit(
    deps.db,
    {
      actor: ACTOR,
      action: decision === 'approved' ? 'postback.approve' : 'postback.reject',
      target: `postback:${id}`,
      before: {
        verdict: before?.verdict,
        amount: before?.amount === null || !before ? null : fromCents(Number(before.amount)),
        reason: before?.reason,
      },
      after: { verdict: result.verdict, outcome: result.outcome, ledgerEntryId: result.ledgerEntryId },
    },
    deps.clock.now().toISOString(),
  );
  return result;
}
