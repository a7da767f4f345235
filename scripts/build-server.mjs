// Bundles the server (and the workspace packages it imports as TypeScript) into plain JavaScript,
// so production runs without a TypeScript loader: faster start and less memory. npm packages stay
// external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@rewards/'));

await build({
  entryPoints: {
    server: 'apps/server/src/server.ts',
    cluster: 'apps/server/src/cluster.ts',
    migrate: 'apps/server/src/db/migrate-cli.ts',
    'payout-cli': 'apps/server/src/modules/withdrawals/payout-cli.ts',
    'sqlite-backup-child': 'apps/server/src/db/sqlite-backup-child.ts',
  },
  outdir: 'apps/server/dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
  // Bundled ESM still needs `require` for the few CommonJS paths inside dependencies.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log('server built into apps/server/dist');
