import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { migrationNames } from '../apps/server/src/db/migrate.ts';
// @ts-expect-error: a plain JavaScript script of the repository, without type declarations.
import { BUILD_OUTPUTS, staleBuild } from '../scripts/lib/build-freshness.mjs';
import { commandWords, parseDockerfile, stageEnv, stageNamed, type Stage } from './support/dockerfile.ts';
import { freePort, waitForHealth } from './support/processes.ts';
import { betterSqlitePrebuild, copyRepository, ROOT, runStep, tempFolders } from './support/release-tree.ts';
import { robloxApisAt, SITE_OPERATOR } from '../apps/server/test/support/server-env.ts';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const stages = parseDockerfile(read('Dockerfile'));
const buildStage = stageNamed(stages, 'build');
const runtimeStage = stageNamed(stages, 'runtime');
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Record<string, any>>;
};
const unit = read('deploy/rewards.service');

const ops = (stage: Stage, op: string) => stage.instructions.filter((i) => i.op === op);
/** A RUN that runs one of the release's scripts (the test runs it); `sh scripts/container/<name>`. */
const runsScript = (args: string) => /^sh scripts\/container\/[\w-]+\.sh$/.test(args);
/** The runtime stage's RUN lines that only an image needs (the test runs them not): file owners. */
const IMAGE_ONLY = ['chown node:node data'];
const container = (name: string) => read(`scripts/container/${name}`);

describe('the Dockerfile, compose.yaml and the systemd unit name the steps the test runs', () => {
  it('the build stage copies the repository and runs build.sh: npm ci, then npm run build', () => {
    expect(stages.at(-1)).toBe(runtimeStage);
    expect(ops(buildStage, 'COPY').map((i) => i.args)).toEqual(['. .']);
    expect(ops(buildStage, 'RUN').map((i) => i.args)).toEqual(['sh scripts/container/build.sh']);
    expect(container('build.sh')).toMatch(/\nnpm ci[^\n]*\nnpm run build\n/);
  });

  it('the runtime stage takes the build alone, installs the production dependencies and runs unprivileged', () => {
    expect(stageEnv(runtimeStage).NODE_ENV).toBe('production');
    expect(ops(runtimeStage, 'COPY').every((i) => i.flags.from === 'build')).toBe(true);
    const copied = ops(runtimeStage, 'COPY').map((i) => i.args.split(/\s+/)[1]);
    for (const output of BUILD_OUTPUTS as string[]) {
      expect(copied.some((path) => output.startsWith(`${path}/`))).toBe(true);
    }
    for (const run of ops(runtimeStage, 'RUN')) {
      expect(runsScript(run.args) || IMAGE_ONLY.includes(run.args), run.args).toBe(true);
    }
    expect(ops(runtimeStage, 'RUN').map((i) => i.args)).toContain('sh scripts/container/install.sh');
    expect(container('install.sh')).toMatch(/\nnpm ci --omit=dev /);
    expect(ops(runtimeStage, 'USER').map((i) => i.args)).toEqual(['node']);
    expect(ops(runtimeStage, 'VOLUME').map((i) => i.args)).toEqual(['["/app/data"]']);
    expect(ops(runtimeStage, 'WORKDIR').map((i) => i.args)).toEqual(['/app']);
    expect(ops(runtimeStage, 'HEALTHCHECK').map((i) => i.args)).toEqual([
      'CMD ["node", "scripts/container/health.mjs"]',
    ]);
    expect(ops(runtimeStage, 'CMD').map((i) => commandWords(i.args))).toEqual([
      ['sh', 'scripts/container/start.sh'],
    ]);
  });

  it('start.sh runs the command of `npm run start:prod`', () => {
    const startProd = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts[
      'start:prod'
    ]!;
    const steps = startProd.split('&&').map((step) => step.trim().replace(/^NODE_ENV=production /, ''));
    const script = container('start.sh');
    expect(script).toContain('\nexport NODE_ENV=production\n');
    for (const step of steps.slice(0, -1)) expect(script).toContain(`\n${step}\n`);
    expect(script).toContain(`\nexec ${steps.at(-1)}\n`);
  });

  it('compose runs the image with PostgreSQL and Redis, after the one-shot migration succeeded', () => {
    const { site, migrate, postgres, redis } = compose.services;
    expect(postgres?.image).toMatch(/^postgres:/);
    expect(redis?.image).toMatch(/^redis:/);
    expect(migrate?.command).toEqual(['sh', 'scripts/container/migrate.sh']);
    expect(migrate?.restart).toBe('no');
    expect(site?.command).toBeUndefined(); // the image's CMD
    expect(site?.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    for (const service of [site, migrate]) {
      expect(service?.build).toBe('.');
      expect(service?.image).toBe(site?.image);
      expect(service?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/rewards:.*@postgres:5432\/rewards$/);
      expect(service?.environment?.REDIS_URL).toBe('redis://redis:6379');
    }
  });

  it('the systemd unit migrates, then starts, with the same scripts', () => {
    expect(unit).toContain('\nExecStartPre=/bin/sh scripts/container/migrate.sh\n');
    expect(unit).toContain('\nExecStart=/bin/sh scripts/container/start.sh\n');
    expect(unit).toContain('\nEnvironment=NODE_ENV=production\n');
  });
});

describe("the image's steps, outside Docker", () => {
  const folders = tempFolders();
  // A full build stage leaves a whole install behind: removing it takes a while on a busy machine.
  afterAll(folders.removeAll, 10 * 60_000);

  it(
    'build stage in one clean folder; in a second, the runtime copies, production install, migration, start',
    async () => {
      // A container starts with an environment of its own: the image's ENV and the operator's settings.
      const bare = { PATH: process.env.PATH!, HOME: process.env.HOME! };
      // The npm cache stands for the registry (it is reached for anything missing from the cache).
      const npm = { npm_config_prefer_offline: 'true', ...betterSqlitePrebuild(folders.make('prebuilds')) };

      // Build stage: `COPY . .`, then its RUN steps. The e2e suite runs after `npm run build` of these
      // very sources, so while that build is up to date it is the build stage's output and is reused
      // (the stage's steps are `npm ci` and `npm run build`, checked above); otherwise the stage runs.
      const build = folders.make('container-build');
      copyRepository(build);
      if (staleBuild(ROOT) === null && process.env.CONTAINER_TEST_BUILD !== 'full') {
        for (const output of ['apps/web/dist', 'apps/server/dist'])
          cpSync(join(ROOT, output), join(build, output), { recursive: true });
      } else {
        for (const run of ops(buildStage, 'RUN'))
          runStep(commandWords(run.args), build, { ...bare, ...npm, ...stageEnv(buildStage) });
      }

      // Runtime stage: its copies from the build stage, then its RUN steps that are scripts.
      const app = folders.make('container-app');
      for (const copy of ops(runtimeStage, 'COPY')) {
        const [from, to] = copy.args.split(/\s+/) as [string, string];
        cpSync(join(build, from.replace(/^\/app\//, '')), join(app, to), { recursive: true });
      }
      const imageEnv = { ...bare, ...stageEnv(runtimeStage) };
      for (const run of ops(runtimeStage, 'RUN').filter((r) => runsScript(r.args)))
        runStep(commandWords(run.args), app, { ...imageEnv, ...npm });
      expect(existsSync(join(app, 'node_modules/fastify/package.json'))).toBe(true);
      for (const devOrWebOnly of ['vite', 'typescript', 'vitest', 'react'])
        expect(existsSync(join(app, 'node_modules', devOrWebOnly)), devOrWebOnly).toBe(false);

      const port = await freePort();
      const settings = {
        ...imageEnv,
        ADMIN_PASSWORD: 'container-test-password',
        PUBLIC_URL: 'https://rewards.example',
        ...SITE_OPERATOR,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // Nothing listens there: no Roblox call is made.
        ...robloxApisAt('http://127.0.0.1:9'),
      };
      const [cmd] = ops(runtimeStage, 'CMD').map((i) => commandWords(i.args)) as [string[]];

      // Without the migration the server refuses its empty SQLite file in the volume.
      const refused = spawn(cmd[0]!, cmd.slice(1), { cwd: app, env: settings, stdio: 'pipe' });
      let refusal = '';
      refused.stderr.on('data', (d) => (refusal += d));
      expect(await new Promise((ok) => refused.once('exit', ok))).not.toBe(0);
      expect(refusal).toContain('Run `npm run migrate`');

      // compose's one-shot migration, then the image's CMD.
      const migrated = runStep(compose.services.migrate!.command as string[], app, settings);
      expect(migrated).toContain(`is at ${migrationNames.at(-1)} (the latest)`);
      expect(existsSync(join(app, 'data/rewards.db'))).toBe(true);

      const server = spawn(cmd[0]!, cmd.slice(1), {
        cwd: app,
        env: settings,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      server.stdout.on('data', (d) => (log += d));
      server.stderr.on('data', (d) => (log += d));
      const exited = new Promise<number | null>((ok) => server.once('exit', ok));
      try {
        const base = `http://127.0.0.1:${port}`;
        await waitForHealth(base, server, { details: () => `\n${log}` });
        const [healthcheck] = ops(runtimeStage, 'HEALTHCHECK').map((i) =>
          commandWords(i.args.replace(/^CMD\s+/, '')),
        );
        runStep(healthcheck!, app, settings);

        const health = await fetch(`${base}/api/health`);
        expect(((await health.json()) as { database: string }).database).toBe('ok');
        for (const page of ['/', '/login']) {
          const res = await fetch(`${base}${page}`);
          expect(res.status, page).toBe(200);
          expect(res.headers.get('content-type')).toMatch(/^text\/html/);
          expect(await res.text()).toContain('<div id="root"');
        }
      } finally {
        // The supervisor's SIGTERM reaches node itself (start.sh execs it), which closes gracefully.
        server.kill('SIGTERM');
      }
      expect(await exited, log).toBe(0);
    },
    15 * 60_000,
  );
});
