import type {
  AdminPostback,
  AdminPostbacksQuery,
  AdminPostbacksResponse,
  AdminWall,
  CreateWallRequest,
  PostbackVerdict,
  ReplayPostbackResponse,
  UpdateWallRequest,
} from '@rewards/contracts';
import type { Selectable, Updateable } from 'kysely';
import type { PostbacksTable, WallsTable } from '../../../db/tables/offers.ts';
import type { Env } from '../../../env.ts';
import type { Deps } from '../../../shared/deps.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { insertAudit } from '../../audit/repository.ts';
import { findPostbackById, listPostbacks as listStoredPostbacks } from '../postbacks/repository.ts';
import { replayPostback as replayStoredPostback } from '../postbacks/service.ts';
import type { Wall } from '../shared.ts';
import * as repo from './repository.ts';

const ACTOR = 'admin';

/**
 * What the admin (and the audit log) sees of a wall: never the secret, only whether one is set
 * (its own, or for the `cpx` scheme CPX_SECURE_HASH, which its postbacks fall back to).
 */
function toAdminWall(w: Wall, env: Env): AdminWall {
  return {
    id: w.id,
    slug: w.slug,
    name: w.name,
    logoUrl: w.logo_url,
    kind: w.kind,
    iframeTemplate: w.iframe_template,
    postbackScheme: w.postback_scheme,
    amountMode: w.amount_mode,
    rate: Number(w.rate),
    active: w.active === 1,
    sort: w.sort,
    hasSecret: Boolean(w.secret) || (w.postback_scheme === 'cpx' && Boolean(env.CPX_SECURE_HASH)),
  };
}

/** `usd_rate` multiplies by the rate: 0 would turn every postback into an invalid one. */
function assertRateFits(amountMode: string, rate: number): void {
  if (amountMode === 'usd_rate' && !(rate > 0))
    throw badRequest('rate must be greater than 0 when the amount mode is usd_rate');
}

export async function listWalls(deps: Deps): Promise<AdminWall[]> {
  return (await repo.listAllWalls(deps.db)).map((w) => toAdminWall(w, deps.env));
}

export async function createWall(deps: Deps, input: CreateWallRequest): Promise<AdminWall> {
  assertRateFits(input.amountMode, input.rate);
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertWall(trx, {
      slug: input.slug,
      name: input.name,
      logo_url: input.logoUrl,
      kind: input.kind,
      iframe_template: input.iframeTemplate,
      postback_scheme: input.postbackScheme,
      secret: input.secret ? input.secret : null,
      amount_mode: input.amountMode,
      rate: input.rate,
      active: input.active ? 1 : 0,
      sort: input.sort ?? (await repo.nextWallSort(trx)),
    });
    if (!row) throw conflict(`A wall with the slug "${input.slug}" already exists.`);
    const wall = toAdminWall(row, deps.env);
    await insertAudit(
      trx,
      { actor: ACTOR, action: 'wall.create', target: `wall:${wall.slug}`, after: wall },
      now,
    );
    return wall;
  });
}

export async function updateWall(deps: Deps, slug: string, input: UpdateWallRequest): Promise<AdminWall> {
  const changes: Updateable<WallsTable> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.logoUrl !== undefined) changes.logo_url = input.logoUrl;
  if (input.kind !== undefined) changes.kind = input.kind;
  if (input.iframeTemplate !== undefined) changes.iframe_template = input.iframeTemplate;
  if (input.postbackScheme !== undefined) changes.postback_scheme = input.postbackScheme;
  if (input.secret !== undefined) changes.secret = input.secret === '' ? null : input.secret;
  if (input.amountMode !== undefined) changes.amount_mode = input.amountMode;
  if (input.rate !== undefined) changes.rate = input.rate;
  if (input.active !== undefined) changes.active = input.active ? 1 : 0;
  if (input.sort !== undefined) changes.sort = input.sort;
  const now = deps.clock.now().toISOString();

  return deps.db.transaction().execute(async (trx) => {
    const current = await repo.lockWallBySlug(trx, slug);
    if (!current) throw notFound('Wall not found.');
    if (input.amountMode !== undefined || input.rate !== undefined)
      assertRateFits(input.amountMode ?? current.amount_mode, input.rate ?? Number(current.rate));
    const updated = await repo.updateWall(trx, current.id, changes);
    const before = toAdminWall(current, deps.env);
    const after = toAdminWall(updated, deps.env);
    await insertAudit(
      trx,
      {
        actor: ACTOR,
        action: 'wall.update',
        target: `wall:${slug}`,
        before,
        // A replaced secret leaves `hasSecret` as it was: say that it changed, never what it is.
        after: input.secret === undefined ? after : { ...after, secretChanged: true },
      },
      now,
    );
    return after;
  });
}

function parseParams(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    /* shown raw below */
  }
  return { raw: text };
}

function toAdminPostback(p: Selectable<PostbacksTable>): AdminPostback {
  return {
    id: p.id,
    wall: p.wall_slug,
    transId: p.trans_id,
    userId: p.user_id,
    action: p.action,
    params: parseParams(p.params),
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

/**
 * Runs a stored postback again with its wall's current settings (e.g. after the secret was set).
 * The outcome is stored as a new postback; the ledger's keys keep a credit at most once.
 */
export async function replayPostback(deps: Deps, id: number): Promise<ReplayPostbackResponse> {
  const stored = await findPostbackById(deps.db, id);
  if (!stored) throw notFound('Postback not found.');
  const answer = await replayStoredPostback(deps, id);
  if (!answer) throw notFound('Postback not found.');
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
  return {
    status: answer.status,
    body: answer.body,
    verdict: answer.verdict,
    ledgerEntryId: answer.ledgerEntryId,
    postbackId: answer.postbackId,
  };
}
