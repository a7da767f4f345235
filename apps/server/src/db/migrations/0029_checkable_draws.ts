import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Checkable giveaway draws (docs/draws.md, decision 0032): each giveaway keeps a secret from its
 * creation on and publishes its SHA-256 (`draw_commitment`); at the draw it stores what it publishes
 * with the result (`draw_entries` as a JSON array, `draw_hash`, `draw_winner_index`).
 *
 * Giveaways still open get a secret and a commitment here, so their draw is checkable too; their
 * commitment is published late (from this migration on, not from their creation). Ended giveaways
 * keep no secret: they were drawn before and stay as they are.
 *
 * `down` removes the columns.
 */
const TEXT_COLUMNS = ['draw_secret', 'draw_commitment', 'draw_entries', 'draw_hash'];

export async function up(db: Kysely<any>): Promise<void> {
  // One statement per column: SQLite adds one column per ALTER TABLE.
  for (const column of TEXT_COLUMNS)
    await db.schema.alterTable('giveaways').addColumn(column, 'text').execute();
  await db.schema.alterTable('giveaways').addColumn('draw_winner_index', 'integer').execute();
  const open = await db.selectFrom('giveaways').select('id').where('ended_at', 'is', null).execute();
  for (const { id } of open) {
    // The same construction as new giveaways (drawCommitment): SHA-256 of the hex string.
    const secret = randomBytes(32).toString('hex');
    const commitment = createHash('sha256').update(secret).digest('hex');
    await db
      .updateTable('giveaways')
      .set({ draw_secret: secret, draw_commitment: commitment })
      .where('id', '=', id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...TEXT_COLUMNS, 'draw_winner_index'])
    await db.schema.alterTable('giveaways').dropColumn(column).execute();
}
