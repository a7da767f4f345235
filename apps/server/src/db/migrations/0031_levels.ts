import type { Kysely } from 'kysely';

/**
 * Levels (docs/levels.md, decision 0034). A player's experience is read from the offer transactions
 * they keep, so it needs no table; these two hold what the operator adds to the curve:
 * - `level_rewards`: the one-time R$ reward the operator attached to a level (one per level);
 * - `level_reward_payments`: one row per player and level paid, written in the transaction that posts
 *   the ledger entry (`level:<user>:<level>`). Its key is what makes a reward paid once per player
 *   and level, even after a reversal took the player below the level and they reached it again, and
 *   even if the reward was deleted and made again. It outlives the reward (the console counts it).
 *
 * `down` drops both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('level_rewards')
    .addColumn('level', 'integer', (c) => c.primaryKey())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('level_reward_payments')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('level_reward_payments_pk', ['user_id', 'level'])
    .execute();
  await db.schema
    .createIndex('level_reward_payments_level_idx')
    .on('level_reward_payments')
    .column('level')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('level_reward_payments').execute();
  await db.schema.dropTable('level_rewards').execute();
}
