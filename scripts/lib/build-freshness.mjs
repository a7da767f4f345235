// Whether the built site (the web app's `dist` and the bundled server) is older than what it is built
// from, so `npm start` builds only when it has to and a restart builds nothing.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads, relative to the repository: folders are walked, files read as they are. */
export const BUILD_INPUTS = [
  'apps/server/src',
  'apps/web/src',
  'apps/web/messages',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/project.inlang/settings.json',
  'apps/web/package.json',
  'apps/server/package.json',
  'packages/contracts/src',
  'scripts/build-server.mjs',
  'package-lock.json',
];

/** What the build writes; the oldest of them is the build's age. */
export const BUILD_OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/server.js'];

/** Folders below the inputs that are themselves made from other inputs (the message functions). */
const DERIVED = new Set(['apps/web/src/paraglide']);

function newestIn(root, path) {
  if (DERIVED.has(path)) return 0;
  let stat;
  try {
    stat = statSync(join(root, path));
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(join(root, path)))
    newest = Math.max(newest, newestIn(root, `${path}/${entry}`));
  return newest;
}

/**
 * Why the build in `root` must run again (`missing <file>`, or `<n> s older than its sources`), or
 * null when it is up to date.
 */
export function staleBuild(root, inputs = BUILD_INPUTS, outputs = BUILD_OUTPUTS) {
  let built = Infinity;
  for (const output of outputs) {
    try {
      built = Math.min(built, statSync(join(root, output)).mtimeMs);
    } catch {
      return `missing ${output}`;
    }
  }
  const sources = Math.max(...inputs.map((input) => newestIn(root, input)));
  return sources > built ? `${Math.ceil((sources - built) / 1000)} s older than its sources` : null;
}
