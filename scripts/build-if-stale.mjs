// `npm start`'s first step: builds the site when the build is missing or older than its sources, and
// does nothing otherwise (a restart serves what was built, in about a second).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { staleBuild } from './lib/build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const why = staleBuild(root);
if (why === null) {
  console.log('The build is up to date: serving it.');
} else {
  console.log(`Building the site (${why}).`);
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
