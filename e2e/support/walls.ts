import { expect } from 'vitest';
import type { Stack } from './stack.ts';

/** The secrets the journeys give the shipped Lootably and AdGem walls (never shown to a player). */
export const WALL_SECRETS = { lootably: 'e2e-lootably-wall-secret', adgem: 'e2e-adgem-wall-secret' } as const;

/**
 * The shipped walls as an operator sets them up in the console: Lootably and AdGem get their
 * provider ids and secrets, accept any address (neither publishes one) and are enabled, so players
 * can open them; Torox, AdGate, Notik and BitLabs are enabled with nothing set, so players see
 * them as "Coming soon". (A fresh install has every shipped wall but CPX disabled.)
 */
export async function setUpShippedWalls(stack: Stack): Promise<void> {
  const cookie = await stack.adminCookie();
  const patch = async (slug: string, changes: Record<string, unknown>) => {
    const res = await stack.api('PATCH', `/api/admin/walls/${slug}`, changes, { cookie });
    expect(res.status, `${slug}: ${JSON.stringify(res.body)}`).toBe(200);
  };
  await patch('lootably', {
    frameParams: { placementId: 'e2e-placement' },
    secret: WALL_SECRETS.lootably,
    anyAddress: true,
    active: true,
  });
  await patch('adgem', {
    frameParams: { appId: 'e2e-adgem-app' },
    secret: WALL_SECRETS.adgem,
    anyAddress: true,
    active: true,
  });
  for (const slug of ['torox', 'adgate', 'notik', 'bitlabs']) await patch(slug, { active: true });
}
