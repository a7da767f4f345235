import type { AdminWall, CreateWallRequest, UpdateWallRequest } from '@rewards/contracts';
import { fromCents, toCents } from '@rewards/contracts';
import type { Updateable } from 'kysely';
import type { WallsTable } from '../../../db/tables/offers.ts';
import type { Env } from '../../../env.ts';
import { parseAllowList } from '../../../shared/addresses.ts';
import type { Deps } from '../../../deps.ts';
import { badRequest, conflict, notFound } from '../../../shared/errors.ts';
import { insertAudit } from '../../audit/index.ts';
import { schemes } from '../postbacks/schemes/index.ts';
import { postbackUrlFor, withoutSecret } from '../postbacks/setup.ts';
import type { Wall } from '../wall.ts';
import { frameParamNames, wallMissing } from '../walls/frame.ts';
import { allowedIpsOf, frameParamsOf, wallSecret } from '../walls/settings.ts';
import * as repo from './repository.ts';

export const ACTOR = 'admin';

/**
 * What the admin sees of a wall: never the secret, only whether one is set (its own, or for the
 * `cpx` scheme CPX_SECURE_HASH, which its postbacks fall back to), and the postback URL to paste
 * into the provider's dashboard (`base`: the site's public base URL), with a secret it carries shown
 * as `***` unless `showSecret`.
 */
export function toAdminWall(w: Wall, env: Env, base: string, showSecret = true): AdminWall {
  const scheme = schemes[w.postback_scheme];
  const postbackUrl = scheme ? postbackUrlFor(base, w, scheme, wallSecret(w, env)) : '';
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
    allowedIps: allowedIpsOf(w),
    anyAddress: w.any_address === 1,
    maxCredit: fromCents(Number(w.max_credit)),
    frameParams: frameParamsOf(w),
    successBody: w.success_body,
    active: w.active === 1,
    sort: w.sort,
    hasSecret: Boolean(w.secret) || (w.postback_scheme === 'cpx' && Boolean(env.CPX_SECURE_HASH)),
    postbackUrl: scheme && !showSecret ? withoutSecret(postbackUrl, scheme) : postbackUrl,
    frameParamNames: frameParamNames(w.iframe_template),
    missing: wallMissing(w, env),
  };
}

/** The audit log's view of a wall: no postback URL (AdGate's carries the secret). */
function audited(wall: AdminWall): Omit<AdminWall, 'postbackUrl'> {
  const { postbackUrl: _url, ...rest } = wall;
  return rest;
}

/** `usd_rate` multiplies by the rate: 0 would turn every postback into an invalid one. */
function assertRateFits(amountMode: string, rate: number): void {
  if (amountMode === 'usd_rate' && !(rate > 0))
    throw badRequest('rate must be greater than 0 when the amount mode is usd_rate');
}

function checkedAllowList(entries: string[]): string {
  const parsed = parseAllowList(entries);
  if ('invalid' in parsed)
    throw badRequest(`allowedIps: "${parsed.invalid}" is not an IPv4 or IPv6 address or CIDR range`);
  return JSON.stringify(entries.map((e) => e.trim()));
}

/**
 * The frame URL is shown to every player: a template or frame value that carries the secret the
 * wall's postbacks are checked with (its own, or CPX's CPX_SECURE_HASH) would hand it out.
 */
function assertSecretStaysSecret(
  wall: Pick<Wall, 'postback_scheme' | 'secret' | 'iframe_template'>,
  frameParams: Record<string, string>,
  env: Env,
): void {
  const secret = wallSecret(wall, env);
  if (!secret) return;
  if (wall.iframe_template.includes(secret))
    throw badRequest("iframeTemplate: the frame URL carries the wall's secret, which players would see");
  if (Object.values(frameParams).some((v) => v.includes(secret)))
    throw badRequest("frameParams: a frame value carries the wall's secret, which players would see");
}

/**
 * Every wall as the console shows it. `showSecret`: the postback URL keeps a secret it carries
 * (AdGate's token, the whole of its protection) only for staff who may edit walls; the others see
 * `***` in its place.
 */
export async function listWalls(deps: Deps, base: string, showSecret: boolean): Promise<AdminWall[]> {
  return (await repo.listAllWalls(deps.db)).map((w) => toAdminWall(w, deps.env, base, showSecret));
}

export async function createWall(deps: Deps, input: CreateWallRequest, base: string): Promise<AdminWall> {
  assertRateFits(input.amountMode, input.rate);
  const scheme = schemes[input.postbackScheme];
  const template = input.iframeTemplate ?? scheme?.frameTemplate ?? '';
  const frameParams = input.frameParams ?? Object.fromEntries(frameParamNames(template).map((n) => [n, '']));
  assertSecretStaysSecret(
    { postback_scheme: input.postbackScheme, secret: input.secret || null, iframe_template: template },
    frameParams,
    deps.env,
  );
  const allowedIps = checkedAllowList(input.allowedIps ?? [...(scheme?.publishedAddresses ?? [])]);
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.insertWall(trx, {
      slug: input.slug,
      name: input.name,
      logo_url: input.logoUrl,
      kind: input.kind,
      iframe_template: template,
      postback_scheme: input.postbackScheme,
      secret: input.secret ? input.secret : null,
      amount_mode: input.amountMode,
      rate: input.rate,
      allowed_ips: allowedIps,
      any_address: input.anyAddress ? 1 : 0,
      max_credit: toCents(input.maxCredit),
      frame_params: JSON.stringify(frameParams),
      success_body: input.successBody,
      active: input.active ? 1 : 0,
      sort: input.sort ?? (await repo.nextWallSort(trx)),
    });
    if (!row) throw conflict(`A wall with the slug "${input.slug}" already exists.`);
    const wall = toAdminWall(row, deps.env, base);
    await insertAudit(
      trx,
      { actor: ACTOR, action: 'wall.create', target: `wall:${wall.slug}`, after: audited(wall) },
      now,
    );
    return wall;
  });
}

export async function updateWall(
  deps: Deps,
  slug: string,
  input: UpdateWallRequest,
  base: string,
): Promise<AdminWall> {
  const changes: Updateable<WallsTable> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.logoUrl !== undefined) changes.logo_url = input.logoUrl;
  if (input.kind !== undefined) changes.kind = input.kind;
  if (input.iframeTemplate !== undefined) changes.iframe_template = input.iframeTemplate;
  if (input.postbackScheme !== undefined) changes.postback_scheme = input.postbackScheme;
  if (input.secret !== undefined) changes.secret = input.secret === '' ? null : input.secret;
  if (input.amountMode !== undefined) changes.amount_mode = input.amountMode;
  if (input.rate !== undefined) changes.rate = input.rate;
  if (input.allowedIps !== undefined) changes.allowed_ips = checkedAllowList(input.allowedIps);
  if (input.anyAddress !== undefined) changes.any_address = input.anyAddress ? 1 : 0;
  if (input.maxCredit !== undefined) changes.max_credit = toCents(input.maxCredit);
  if (input.frameParams !== undefined) changes.frame_params = JSON.stringify(input.frameParams);
  if (input.successBody !== undefined) changes.success_body = input.successBody;
  if (input.active !== undefined) changes.active = input.active ? 1 : 0;
  if (input.sort !== undefined) changes.sort = input.sort;
  const now = deps.clock.now().toISOString();

  return deps.db.transaction().execute(async (trx) => {
    const current = await repo.lockWallBySlug(trx, slug);
    if (!current) throw notFound('Wall not found.');
    if (input.amountMode !== undefined || input.rate !== undefined)
      assertRateFits(input.amountMode ?? current.amount_mode, input.rate ?? Number(current.rate));
    const next = { ...current, ...changes } as Wall;
    assertSecretStaysSecret(next, frameParamsOf(next), deps.env);
    const updated = await repo.updateWall(trx, current.id, changes);
    const before = toAdminWall(current, deps.env, base);
    const after = toAdminWall(updated, deps.env, base);
    await insertAudit(
      trx,
      {
        actor: ACTOR,
        action: 'wall.update',
        target: `wall:${slug}`,
        before: audited(before),
        // A replaced secret leaves `hasSecret` as it was: say that it changed, never what it is.
        after: input.secret === undefined ? audited(after) : { ...audited(after), secretChanged: true },
      },
      now,
    );
    return after;
  });
}
