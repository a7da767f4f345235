import type { Kysely } from 'kysely';
import { idColumn } from '../migration-helpers.ts';

/**
 * The spec's walls: five offerwalls (two with a source, three "Coming soon") and two survey walls
 * (CPX Research, whose app id and secret come from CPX_APP_ID / CPX_SECURE_HASH at run time, and a
 * placeholder). Secrets of the hmac walls are set later in the admin console; until then their
 * postbacks are refused.
 */
const WALLS = [
  {
    slug: 'lootably',
    name: 'Lootably',
    logo_url: 'https://lootably.com/favicon.png',
    kind: 'offerwall',
    iframe_template: 'https://wall.lootably.com/?placementID=rbxrewards&sid={userId}',
    postback_scheme: 'hmac',
    amount_mode: 'usd_rate',
    rate: 100,
  },
  {
    slug: 'adgem',
    name: 'AdGem',
    logo_url: 'https://adgem.com/favicon.png',
    kind: 'offerwall',
    iframe_template: 'https://api.adgem.com/v1/wall?appid=rbxrewards&playerid={userId}',
    postback_scheme: 'hmac',
    amount_mode: 'reward',
    rate: 0,
  },
  {
    slug: 'torox',
    name: 'Torox',
    logo_url: '',
    kind: 'offerwall',
    iframe_template: '',
    postback_scheme: 'hmac',
    amount_mode: 'usd_rate',
    rate: 100,
  },
  {
    slug: 'adgate',
    name: 'AdGate Media',
    logo_url: '',
    kind: 'offerwall',
    iframe_template: '',
    postback_scheme: 'hmac',
    amount_mode: 'usd_rate',
    rate: 100,
  },
  {
    slug: 'notik',
    name: 'Notik',
    logo_url: '',
    kind: 'offerwall',
    iframe_template: '',
    postback_scheme: 'hmac',
    amount_mode: 'usd_rate',
    rate: 100,
  },
  {
    slug: 'cpx',
    name: 'CPX Research',
    logo_url: 'https://www.cpx-research.com/favicon.ico',
    kind: 'survey',
    iframe_template:
      'https://offers.cpx-research.com/index.php?app_id={appId}&ext_user_id={userId}&secure_hash={secureHash}&username={username}&email={email}',
    postback_scheme: 'cpx',
    amount_mode: 'local',
    rate: 0,
  },
  {
    slug: 'bitlabs',
    name: 'BitLabs',
    logo_url: '',
    kind: 'survey',
    iframe_template: '',
    postback_scheme: 'hmac',
    amount_mode: 'usd_rate',
    rate: 100,
  },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('walls'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('iframe_template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('postback_scheme', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('secret', 'text')
    .addColumn('amount_mode', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('rate', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('walls')
    .values(WALLS.map((w, i) => ({ ...w, secret: null, active: 1, sort: (i + 1) * 10 })))
    .execute();

  await idColumn(db, db.schema.createTable('postbacks'))
    .addColumn('wall_slug', 'text', (c) => c.notNull())
    .addColumn('trans_id', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('action', 'text')
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('signature', 'text')
    .addColumn('ip', 'text')
    .addColumn('verdict', 'text', (c) => c.notNull())
    .addColumn('ledger_entry_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('postbacks_created_idx').on('postbacks').column('created_at').execute();
  await db.schema
    .createIndex('postbacks_wall_trans_idx')
    .on('postbacks')
    .columns(['wall_slug', 'trans_id'])
    .execute();
  await db.schema.createIndex('postbacks_user_idx').on('postbacks').columns(['user_id', 'id']).execute();

  await idColumn(db, db.schema.createTable('offer_transactions'))
    .addColumn('wall_slug', 'text', (c) => c.notNull())
    .addColumn('trans_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('release_at', 'text')
    .addColumn('credit_entry_id', 'integer')
    .addColumn('reversal_entry_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('offer_transactions_wall_trans_uq', ['wall_slug', 'trans_id'])
    .execute();
  await db.schema
    .createIndex('offer_transactions_release_idx')
    .on('offer_transactions')
    .columns(['state', 'release_at'])
    .execute();
  await db.schema
    .createIndex('offer_transactions_user_idx')
    .on('offer_transactions')
    .columns(['user_id', 'state'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('offer_transactions').execute();
  await db.schema.dropTable('postbacks').execute();
  await db.schema.dropTable('walls').execute();
}
