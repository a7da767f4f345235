import type { Kysely } from 'kysely';

/**
 * Level rewards paid where experience changes (docs/levels.md, decision 0038). `level_rewards.swept_at`
 * is when the background pass finished paying a new reward to the players already past its level;
 * null until then. A reward made before this migration starts null, so the first pass pays those who
 * reached it and had not read their level since (rewards were paid on read before).
 *
 * `down` drops the column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('level_rewards').addColumn('swept_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('level_rewards').dropColumn('swept_at').execute();
}
