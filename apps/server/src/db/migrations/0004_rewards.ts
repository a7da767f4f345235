import type { Kysely } from 'kysely';

// Tables of daily streak, promo codes, giveaways.
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
