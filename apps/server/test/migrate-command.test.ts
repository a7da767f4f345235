import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, isPostgres, type Database } from '../src/db/database.ts';
import { migrateTo, migrationNames, prepareSchema, schemaState } from '../src/db/migrate.ts';
import { postAlone } from '../src/modules/ledger/index.ts';
import { findUserByRobloxId, insertUserOnce } from '../src/modules/users/index.ts';
import { systemClock } from '../src/shared/clock.ts';
import { createEmptyDatabase, testEngine } from './support/test-database.ts';
import { SITE_OPERATOR } from './support/server-env.ts';
import { runCommand } from './support/commands.ts';
import { runServerUntilExit } from './support/server-process.ts';

const latest = migrationNames.at(-1)!;
/** The latest migration but two: `--to` its number undoes the two newest migrations. */
const latestButTwo = migrationNames.at(-3)!;
const latestButTwoNumber = String(Number(latestButTwo.slice(0, 4)));

/** `npm run migrate` as a developer runs it (scripts/migrate.mjs runs the sources outside production). */
function migrateCommand(url: string, args: string[] = []) {
  return runCommand(process.execPath, ['scripts/migrate.mjs', ...args], {
    env: { NODE_ENV: 'test', DATABASE_URL: url },
    timeoutMs: 60_000,
  });
}

/**
 * What a schema is made of: each table's columns (name, type, null, default), its indexes, triggers
 * and views, and on PostgreSQL the functions of the public schema. Two databases with equal
 * snapshots have the same schema, whatever way they reached it.
 */
async function schemaSnapshot(db: Database): Promise<string[]> {
  const tables = await db.introspection.getTables();
  const columns = tables.flatMap((t) =>
    t.columns.map(
      (c) => `column ${t.name}.${c.name} ${c.dataType} null=${c.isNullable} default=${c.hasDefaultValue}`,
    ),
  );
  const others = isPostgres(db)
    ? await sql<{ item: string }>`
        select 'index ' || tablename || '.' || indexname || ' ' || indexdef as item
          from pg_indexes where schemaname = 'public'
        union all
        select 'trigger ' || tgname from pg_trigger where not tgisinternal
        union all
        select 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`.execute(db)
    : await sql<{ item: string }>`
        select type || ' ' || tbl_name || '.' || name || ' ' || coalesce(sql, '') as item
          from sqlite_master where type in ('index', 'trigger', 'view')`.execute(db);
  return [...columns, ...others.rows.map((r) => r.item)].sort();
}

/** The schema of a database migrated from empty up to `target` alone. */
async function schemaMigratedUpTo(target: string): Promise<string[]> {
  const empty = await createEmptyDatabase();
  const db = createDatabase(empty.url, { poolSize: 1 });
  try {
    await migrateTo(db, target);
    return await schemaSnapshot(db);
  } finally {
    await db.destroy();
    await empty.remove();
  }
}

describe(`npm run migrate (${testEngine})`, () => {
  let url: string;
  let remove: () => Promise<void>;
  let db: Database;

  beforeAll(async () => {
    ({ url, remove } = await createEmptyDatabase());
    db = createDatabase(url, { poolSize: 1 });
  });
  afterAll(async () => {
    await db.destroy();
    await remove();
  });

  it('migrates an empty database to the latest migration, then finds nothing to do', async () => {
    const first = await migrateCommand(url);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`up   ${migrationNames[0]}`);
    expect(first.stdout).toContain(`up   ${latest}`);
    expect(first.stdout).toContain(`is at ${latest} (the latest)`);
    expect(await schemaState(db)).toEqual({ pending: [], unknown: [] });

    const again = await migrateCommand(url);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`Nothing to do: the ${testEngine} database is at ${latest}`);
  });

  it('--to the latest but two runs the newest downs, keeps earlier data, and migrates back up', async () => {
    await insertUserOnce(db, {
      username: 'KeptPlayer',
      displayName: 'Kept',
      robloxId: 424242,
      verificationCode: 'kept words here',
      referredBy: null,
      joinedAt: '2026-11-27T08:00:00.000Z',
    });
    const user = (await findUserByRobloxId(db, 424242))!;
    await postAlone(db, systemClock, {
      userId: user.id,
      amount: 1250,
      kind: 'offer',
      key: 'migrate-test:1',
      params: { wall: 'Kept' },
    });
    const kept = async () => ({
      users: await db.selectFrom('users').select(['id', 'username', 'balance']).execute(),
      entries: await db.selectFrom('ledger_entries').select(['user_id', 'amount', 'kind']).execute(),
    });
    const before = await kept();
    expect(before.entries).toEqual([{ user_id: user.id, amount: 1250, kind: 'offer' }]);

    const down = await migrateCommand(url, ['--to', latestButTwoNumber]);
    expect(down.code, down.stderr).toBe(0);
    const undone = migrationNames.slice(-2).reverse();
    expect(down.stdout.match(/^down \S+$/gm)).toEqual(undone.map((name) => `down ${name}`));
    expect(down.stdout).toContain(`is at ${latestButTwo} (2 later migration(s) not run)`);
    expect(await schemaState(db)).toEqual({ pending: migrationNames.slice(-2), unknown: [] });
    // The downs undid exactly what their ups did: the schema is the one migrating up to there makes.
    expect(await schemaSnapshot(db)).toEqual(await schemaMigratedUpTo(latestButTwo));
    expect(await kept()).toEqual(before);

    const up = await migrateCommand(url);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout.match(/^up {3}\S+$/gm)).toEqual(migrationNames.slice(-2).map((name) => `up   ${name}`));
    expect(await schemaSnapshot(db)).toEqual(await schemaMigratedUpTo(latest));
    expect(await kept()).toEqual(before);
  });

  it('refuses a --to that names no migration, changing nothing', async () => {
    const run = await migrateCommand(url, ['--to', '9999']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No migration "9999"');
    expect(await schemaState(db)).toEqual({ pending: [], unknown: [] });
  });
});

describe(`the production start and the schema (${testEngine})`, () => {
  const production = {
    NODE_ENV: 'production',
    ADMIN_PASSWORD: 'migrate-test-password',
    PUBLIC_URL: 'https://rbx.example',
    ...SITE_OPERATOR,
  };

  it('refuses to start on a schema that is behind, naming the command to run', async () => {
    const empty = await createEmptyDatabase();
    const db = createDatabase(empty.url, { poolSize: 1 });
    try {
      await migrateTo(db, migrationNames.at(-2)!);
      const { code, output } = await runServerUntilExit({ ...production, DATABASE_URL: empty.url });
      expect(code, output).not.toBe(0);
      expect(output).toContain(
        `The database schema is behind this build: 1 migration(s) not run (${latest})`,
      );
      expect(output).toContain('Run `npm run migrate`');
      // It only looked: the schema is as it was.
      expect((await schemaState(db)).pending).toEqual([latest]);
    } finally {
      await db.destroy();
      await empty.remove();
    }
  });

  it('refuses a schema a newer build migrated; starts on the latest; development migrates', async () => {
    const empty = await createEmptyDatabase();
    const db = createDatabase(empty.url, { poolSize: 1 });
    try {
      await expect(prepareSchema(db, 'production')).rejects.toThrow(
        `${migrationNames.length} migration(s) not run`,
      );
      await prepareSchema(db, 'development');
      await expect(prepareSchema(db, 'production')).resolves.toBeUndefined();

      await db
        .insertInto('kysely_migration' as never)
        .values({ name: '9999_from_a_newer_build', timestamp: new Date().toISOString() } as never)
        .execute();
      await expect(prepareSchema(db, 'production')).rejects.toThrow(
        'The database schema is ahead of this build: it ran migrations this build does not have (9999_from_a_newer_build)',
      );
      expect(await schemaState(db)).toEqual({ pending: [], unknown: ['9999_from_a_newer_build'] });
    } finally {
      await db.destroy();
      await empty.remove();
    }
  });
});
