import type { Deps } from '../../../deps.ts';
import { wallSecret } from '../walls/settings.ts';
import { findWallBySlug } from '../walls/repository.ts';
import * as repo from './repository.ts';
import { schemes, SIGNATURE_HEADERS } from './schemes/index.ts';
import { handlePostback, type PostbackAnswer } from './service.ts';
import { MAX_STORED_TEXT, secretWasRedacted, storedParams, withQueryValue } from './stored-params.ts';

/**
 * Runs a stored postback again (admin console), e.g. after its wall's secret was set or its user
 * signed up, with the address it came from. The new outcome is stored as a new postback; the
 * ledger keys keep it at most once. Null when it is not stored, or too large to be replayed.
 */
export async function replayPostback(deps: Deps, postbackId: number): Promise<PostbackAnswer | null> {
  const stored = await repo.findPostbackById(deps.db, postbackId);
  if (!stored) return null;
  const params = storedParams(stored.params);
  let url = stored.raw_url;
  if (!params || !url || url.length >= MAX_STORED_TEXT) return null;
  const wall = await findWallBySlug(deps.db, stored.wall_slug);
  const secretParam = wall ? schemes[wall.postback_scheme]?.secretParam : undefined;
  const secret = wall ? wallSecret(wall, deps.env) : null;
  if (secretParam && secret && secretWasRedacted(stored, params, secretParam)) {
    params[secretParam] = secret;
    url = withQueryValue(url, secretParam, encodeURIComponent(secret));
  }
  const headers: Record<string, string | undefined> = {};
  if (stored.signature) for (const h of SIGNATURE_HEADERS) headers[h] = stored.signature;
  // A stored URL with a query carried the parameters; otherwise they came in the body.
  const inQuery = url.includes('?');
  return handlePostback(deps, {
    slug: stored.wall_slug,
    query: inQuery ? params : {},
    body: inQuery ? {} : params,
    url,
    headers,
    ip: stored.ip,
  });
}
