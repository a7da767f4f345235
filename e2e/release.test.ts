import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script of the repository, without type declarations.
import { BUILD_OUTPUTS, staleBuild } from '../scripts/lib/build-freshness.mjs';
import { ROOT as root, tempFolders } from './support/release-tree.ts';
import { SITE_OPERATOR } from '../apps/server/test/support/server-env.ts';

const folders = tempFolders();
afterAll(folders.removeAll);

function tree(files: Record<string, number>): string {
  const dir = folders.make('build');
  for (const [path, ageS] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), path);
    const at = Date.now() / 1000 - ageS;
    utimesSync(join(dir, path), at, at);
  }
  return dir;
}

const node = (args: string[], env: Record<string, string | undefined> = {}) =>
  spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  });

describe('building once, serving what was built', () => {
  it('a build newer than every source is up to date; a missing output or a newer source is not', () => {
    const inputs = ['apps/server/src', 'apps/web/src', 'package-lock.json'];
    const outputs = ['apps/web/dist/index.html', 'apps/server/dist/server.js'];
    const built = { 'apps/web/dist/index.html': 10, 'apps/server/dist/server.js': 10 };
    const sources = { 'apps/server/src/app.ts': 60, 'apps/web/src/main.tsx': 60, 'package-lock.json': 60 };
    expect(staleBuild(tree({ ...built, ...sources }), inputs, outputs)).toBeNull();
    expect(staleBuild(tree({ ...sources, 'apps/web/dist/index.html': 10 }), inputs, outputs)).toBe(
      'missing apps/server/dist/server.js',
    );
    expect(
      staleBuild(tree({ ...built, ...sources, 'apps/server/src/modules/x/service.ts': 1 }), inputs, outputs),
    ).toMatch(/^\d+ s older than its sources$/);
    // The message functions are made from the messages at install: they alone do not make a build stale.
    expect(
      staleBuild(tree({ ...built, ...sources, 'apps/web/src/paraglide/messages.js': 1 }), inputs, outputs),
    ).toBeNull();
  });

  it('after `npm run build`, `npm start` builds nothing: the build is served as it is', () => {
    const before = BUILD_OUTPUTS.map((o: string) => statSync(join(root, o)).mtimeMs);
    const run = node(['scripts/build-if-stale.mjs']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('The build is up to date');
    expect(BUILD_OUTPUTS.map((o: string) => statSync(join(root, o)).mtimeMs)).toEqual(before);
  });

  it('the production start refuses without its settings, naming them', () => {
    const run = spawnSync('npm', ['run', '--silent', 'start:prod'], {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        ...Object.fromEntries(Object.keys(SITE_OPERATOR).map((k) => [k, ''])),
        ADMIN_PASSWORD: '',
        PUBLIC_URL: '',
        DATABASE_URL: join(tree({}), 'never.db'),
      },
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain(
      'Missing required configuration: ADMIN_PASSWORD, PUBLIC_URL, OPERATOR_NAME, OPERATOR_ADDRESS, CONTACT_EMAIL, COMMUNITY_URL',
    );
  });

  it('the production start never builds: without a build it says which command to run', () => {
    const bare = tree({});
    for (const script of ['scripts/lib/build-freshness.mjs', 'scripts/require-build.mjs']) {
      mkdirSync(dirname(join(bare, script)), { recursive: true });
      copyFileSync(join(root, script), join(bare, script));
    }
    const run = spawnSync(process.execPath, [join(bare, 'scripts/require-build.mjs')], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('run `npm run build` first');
  });
});
