import type { CpxFrameResponse, WallEntry, WallsResponse } from '@rewards/contracts';
import type { Player } from '../../auth/index.ts';
import type { Deps } from '../../../deps.ts';
import type { Wall } from '../wall.ts';
import { frameUrl } from './frame.ts';
import * as repo from './repository.ts';

function toEntry(deps: Deps, wall: Wall, player: Player): WallEntry {
  return {
    slug: wall.slug,
    name: wall.name,
    logoUrl: wall.logo_url,
    iframeSrc: frameUrl(wall, player, deps.env),
  };
}

/** The active walls, in their order, with the caller's frame URLs. Never carries a secret. */
export async function listWalls(deps: Deps, player: Player): Promise<WallsResponse> {
  const walls = await repo.listActiveWalls(deps.db);
  return {
    offerwalls: walls.filter((w) => w.kind === 'offerwall').map((w) => toEntry(deps, w, player)),
    surveys: walls.filter((w) => w.kind === 'survey').map((w) => toEntry(deps, w, player)),
  };
}

/** The /cpx page's frame: the `cpx` wall for the caller, '' when it is missing, inactive or not configured. */
export async function cpxFrame(deps: Deps, player: Player): Promise<CpxFrameResponse> {
  const wall = await repo.findWallBySlug(deps.db, 'cpx');
  if (!wall || wall.active !== 1) return { src: '' };
  return { src: frameUrl(wall, player, deps.env) };
}
