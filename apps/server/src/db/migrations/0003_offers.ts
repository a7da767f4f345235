import type { Kysely } from 'kysely';

// Tables of walls, postbacks, socials, referrals.
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
