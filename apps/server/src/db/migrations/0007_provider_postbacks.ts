import { sql, type Kysely } from 'kysely';

/**
 * Each listed wall credits from its provider's real postback (docs/providers.md):
 * - walls gain an address allow-list, a maximum credit per postback, the values of their frame
 *   template's placeholders and an optional answer body;
 * - the seeded walls, still on the generic scheme no provider sends, move to their provider's scheme,
 *   frame and published addresses; the amounts become the provider's own R$ field, and the rate the
 *   most R$ a USD of payout may bring;
 * - postbacks keep the URL as it arrived (for the schemes that sign it), the credit asked for and a
 *   reason; the time-hold verdict becomes `on_hold`, and `held` means "waits for an admin".
 */
const PROVIDER_WALLS: Record<
  string,
  { scheme: string; template: string; frameParams: Record<string, string>; allowedIps: string[] }
> = {
  lootably: {
    scheme: 'lootably',
    template: 'https://wall.lootably.com/?placementID={placementId}&sid={userId}',
    frameParams: { placementId: 'rbxrewards' },
    allowedIps: [],
  },
  adgem: {
    scheme: 'adgem',
    template: 'https://api.adgem.com/v1/wall?appid={appId}&playerid={userId}',
    frameParams: { appId: 'rbxrewards' },
    allowedIps: [],
  },
  torox: {
    scheme: 'torox',
    template: 'https://torox.io/ifr/show/{pubId}/{userId}/{appId}',
    frameParams: { pubId: '', appId: '' },
    allowedIps: ['54.175.173.245'],
  },
  adgate: {
    scheme: 'adgate',
    template: 'https://wall.adgaterewards.com/{wallCode}/{userId}',
    frameParams: { wallCode: '' },
    allowedIps: ['52.42.57.125'],
  },
  notik: {
    scheme: 'notik',
    template: 'https://notik.me/coins?api_key={apiKey}&pub_id={pubId}&app_id={appId}&user_id={userId}',
    frameParams: { apiKey: '', pubId: '', appId: '' },
    allowedIps: ['192.53.121.112', '158.69.116.45'],
  },
  bitlabs: {
    scheme: 'bitlabs',
    template: 'https://web.bitlabs.ai/?uid={userId}&token={appToken}',
    frameParams: { appToken: '' },
    allowedIps: ['20.76.54.40/29', '18.199.243.90', '18.157.62.114', '18.193.24.206'],
  },
};
const CPX_ADDRESSES = ['188.40.3.73', '157.90.97.92', '2a01:4f8:d0a:30ff::2'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('walls')
    .addColumn('allowed_ips', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('walls')
    .addColumn('max_credit', 'bigint', (c) => c.notNull().defaultTo(100_000))
    .execute();
  await db.schema
    .alterTable('walls')
    .addColumn('frame_params', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('walls')
    .addColumn('success_body', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  for (const [slug, w] of Object.entries(PROVIDER_WALLS)) {
    await db
      .updateTable('walls')
      .set({
        postback_scheme: w.scheme,
        iframe_template: w.template,
        frame_params: JSON.stringify(w.frameParams),
        allowed_ips: JSON.stringify(w.allowedIps),
        amount_mode: 'local',
        rate: 100,
      })
      .where('slug', '=', slug)
      .where('postback_scheme', '=', 'hmac')
      .execute();
  }
  await db
    .updateTable('walls')
    .set({ allowed_ips: JSON.stringify(CPX_ADDRESSES), rate: 100 })
    .where('slug', '=', 'cpx')
    .where('postback_scheme', '=', 'cpx')
    .execute();

  for (const column of ['raw_url', 'reason'])
    await db.schema.alterTable('postbacks').addColumn(column, 'text').execute();
  await db.schema.alterTable('postbacks').addColumn('amount', 'bigint').execute();
  await db.schema.createIndex('postbacks_verdict_idx').on('postbacks').columns(['verdict', 'id']).execute();
  await sql`update postbacks set verdict = 'on_hold' where verdict = 'held'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update postbacks set verdict = 'held' where verdict = 'on_hold'`.execute(db);
  await db.schema.dropIndex('postbacks_verdict_idx').execute();
  for (const column of ['raw_url', 'reason', 'amount'])
    await db.schema.alterTable('postbacks').dropColumn(column).execute();
  for (const column of ['allowed_ips', 'max_credit', 'frame_params', 'success_body'])
    await db.schema.alterTable('walls').dropColumn(column).execute();
}
