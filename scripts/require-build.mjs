// The production start's first step: it serves what `npm run build` made and never builds (a
// production install has no build tools), so it stops with a clear message when there is no build.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILD_OUTPUTS } from './lib/build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const missing = BUILD_OUTPUTS.filter((output) => !existsSync(`${root}/${output}`));
if (missing.length > 0) {
  console.error(`No build to serve (${missing.join(', ')} missing): run \`npm run build\` first.`);
  process.exit(1);
}
