// `npm run migrate [-- --to N]` (apps/server/src/db/migrate-cli.ts). In production it runs the built
// command, so it migrates to exactly the schema of the build that `npm run start:prod` serves, with
// plain node (a production install has no TypeScript loader); elsewhere it runs the sources with
// tsx, like `npm run seed`, so a migration just written is there without a build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

if (process.env.NODE_ENV === 'production') {
  const built = `${root}/apps/server/dist/migrate.js`;
  if (!existsSync(built)) {
    console.error(
      'No build to migrate with (apps/server/dist/migrate.js missing): run `npm run build` first.',
    );
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
  // The built command reads the same arguments (process.argv) and sets the exit code itself.
  await import(pathToFileURL(built).href);
} else {
  const source = `${root}/apps/server/src/db/migrate-cli.ts`;
  const args = ['--import', 'tsx', source, ...process.argv.slice(2)];
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
