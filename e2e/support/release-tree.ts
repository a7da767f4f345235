import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Copies of this repository in clean folders, as a release is made from them: what the build
 * context of `docker build` holds, and installs from the lockfile there.
 */

/**
 * Temporary folders of one test file: `make(what)` returns a new empty one, `removeAll` (for the
 * file's `afterAll`) removes every one made.
 */
export function tempFolders(): { make(what: string): string; removeAll(): Promise<void> } {
  const made: string[] = [];
  return {
    make(what) {
      const dir = mkdtempSync(join(tmpdir(), `rewards-${what}-`));
      made.push(dir);
      return dir;
    },
    async removeAll() {
      await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/**
 * Copies into `dest` the files of the repository that `docker build .` sends (tracked and untracked,
 * leaving out what git ignores: installs, builds, databases), as they are in the working tree.
 */
export function copyRepository(dest: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the working tree, not yet in git
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dest, file));
  }
}

/**
 * What `npm ci` in a clean folder needs to install better-sqlite3 without compiling it: its prebuilt
 * binary for this Node, as `prebuild-install` would download it from GitHub (which a test machine
 * may not reach; compiling instead takes minutes of both cores). It is the binary this repository's
 * own install has, packed as a prebuild in a folder that prebuild-install looks in before it
 * downloads (its `local_prebuilds` setting), here `dir`. Returns the environment pointing npm at it.
 */
export function betterSqlitePrebuild(dir: string): Record<string, string> {
  const pkg = join(ROOT, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['czf', join(dir, name), 'build/Release/better_sqlite3.node'], { cwd: pkg });
  return { npm_config_better_sqlite3_local_prebuilds: dir };
}

/** Runs `words` in `cwd` to the end; throws with its output when it fails. */
export function runStep(words: string[], cwd: string, env: NodeJS.ProcessEnv): string {
  const run = spawnSync(words[0]!, words.slice(1), { cwd, env, encoding: 'utf8' });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  if (run.status !== 0) {
    throw new Error(`\`${words.join(' ')}\` in ${cwd} exited with ${run.status ?? run.signal}:\n${output}`);
  }
  return output;
}
