import { sql, type Kysely } from 'kysely';

/**
 * A wall opens to players only when it can credit them: its provider ids and postback secret set,
 * and the addresses its postbacks may come from listed, or the operator's explicit choice to accept
 * any address (`any_address`, new here; an empty allow-list no longer means "any" by itself).
 *
 * - A wall that already has a secret of its own and an empty allow-list has been crediting from any
 *   address: it keeps doing so (`any_address` = 1), as does the `cpx` wall with an empty list, whose
 *   secret may come from CPX_SECURE_HASH.
 * - The shipped Lootably and AdGem walls carried a placeholder for the provider's id (`rbxrewards`),
 *   which opened a frame no provider knows: the placeholder is cleared.
 * - The shipped walls other than `cpx` that have no secret of their own never credited anyone: they
 *   become inactive until the operator configures and enables them. (`cpx` is configured by
 *   CPX_APP_ID and CPX_SECURE_HASH, which a migration cannot see; it reads "Coming soon" without them.)
 *
 * `down` removes the column; the cleared placeholders and the disabled walls stay as they are.
 */
const SHIPPED = ['lootably', 'adgem', 'torox', 'adgate', 'notik', 'bitlabs'];
const PLACEHOLDER_IDS: Record<string, string> = { lootably: 'placementId', adgem: 'appId' };

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('walls')
    .addColumn('any_address', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('walls')
    .set({ any_address: 1 })
    .where('allowed_ips', '=', '[]')
    .where((eb) => eb.or([eb('secret', 'is not', null), eb('postback_scheme', '=', 'cpx')]))
    .execute();
  for (const [slug, name] of Object.entries(PLACEHOLDER_IDS)) {
    const wall = await db
      .selectFrom('walls')
      .select(['id', 'frame_params'])
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!wall) continue;
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(wall.frame_params as string) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (params[name] !== 'rbxrewards') continue;
    await db
      .updateTable('walls')
      .set({ frame_params: JSON.stringify({ ...params, [name]: '' }) })
      .where('id', '=', wall.id)
      .execute();
  }
  await db
    .updateTable('walls')
    .set({ active: 0 })
    .where('slug', 'in', SHIPPED)
    .where(sql<boolean>`secret is null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('walls').dropColumn('any_address').execute();
}
