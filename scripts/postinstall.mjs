// After `npm install`: compiles the web app's message catalogues (apps/web/src/paraglide, not in git).
// A production install (`npm ci --omit=dev`) has no compiler and needs none: the built web app holds
// its messages already.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}/node_modules/@inlang/paraglide-js/package.json`)) {
  console.log(
    'paraglide-js is not installed (a production install): the message catalogues are not compiled.',
  );
} else {
  const result = spawnSync('npm', ['run', '--silent', 'i18n'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
