/**
 * `npm run migrate`: brings the database named by DATABASE_URL to this build's latest migration, or
 * with `--to N` up or down to migration N (its number, e.g. `23`, or its name; `0` undoes them all),
 * running each later migration's `down()`, newest first, on the way down. Reads the same settings as
 * the server (`env.ts`), so it runs with the server's environment file, before the server starts.
 *
 * Built into `apps/server/dist/migrate.js` beside `server.js` (scripts/build-server.mjs), so a
 * production install without the dev dependencies runs it with plain node.
 */
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.ts';
import { createDatabase, engineOf } from './database.ts';
import { migrateTo, migrateToLatest, migrationNamed, migrationNames, schemaState } from './migrate.ts';

function say(message: string): void {
  process.stdout.write(`${message}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' } }, strict: true });
  const env = loadEnv();
  const target = values.to === undefined ? undefined : migrationNamed(values.to);
  const db = createDatabase(env.DATABASE_URL, { poolSize: 1 });
  try {
    const results = target === undefined ? await migrateToLatest(db) : await migrateTo(db, target);
    for (const r of results) say(`${r.direction === 'Up' ? 'up  ' : 'down'} ${r.migrationName}`);
    const { pending } = await schemaState(db);
    const at = migrationNames.filter((name) => !pending.includes(name)).at(-1);
    say(
      `${results.length === 0 ? 'Nothing to do: the' : 'The'} ${engineOf(env.DATABASE_URL)} database is ` +
        (at ? `at ${at}` : 'empty') +
        (pending.length > 0 ? ` (${pending.length} later migration(s) not run)` : ' (the latest).'),
    );
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
