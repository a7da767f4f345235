import type { FastifyInstance } from 'fastify';
import type { Insertable, Updateable } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import type { DB } from '../../src/db/schema.ts';
import { bearer } from './site.ts';

/** Changes a wall straight in the database, as the admin console's wall form would (its secret, template, order…). */
export async function configureWall(
  db: Database,
  slug: string,
  changes: Updateable<DB['walls']>,
): Promise<void> {
  await db.updateTable('walls').set(changes).where('slug', '=', slug).execute();
}

/**
 * Adds walls to the seeded ones: by default an offerwall on the generic (HMAC) scheme, R$100 per USD,
 * with no frame and open to any address.
 */
export async function addWalls(
  db: Database,
  walls: Array<Pick<Insertable<DB['walls']>, 'slug' | 'name'> & Partial<Insertable<DB['walls']>>>,
): Promise<void> {
  await db
    .insertInto('walls')
    .values(
      walls.map((wall) => ({
        logo_url: '',
        kind: 'offerwall' as const,
        iframe_template: '',
        postback_scheme: 'hmac' as const,
        secret: null,
        amount_mode: 'usd_rate' as const,
        rate: 100,
        sort: 100,
        any_address: 1,
        ...wall,
      })),
    )
    .execute();
}

/** The walls a player is offered (`GET /api/walls`) in-process with their session, which must answer. */
export async function wallsOf(
  app: FastifyInstance,
  token: string,
): Promise<{ offerwalls: any[]; surveys: any[]; [k: string]: any }> {
  const res = await app.inject({ method: 'GET', url: '/api/walls', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}
