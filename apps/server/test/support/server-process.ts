import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { standinControl, startStandin, type Standin } from '@rewards/roblox-standin';
import { callApi } from '../../../../e2e/support/http.ts';
import { freePort, waitForHealth } from '../../../../e2e/support/processes.ts';
import { spawnCollecting } from './commands.ts';
import { serverProcessEnv } from './server-env.ts';
import type { Site } from './site.ts';
import { createTestDatabase, testEngine, type TestDatabase } from './test-database.ts';

/** The production server, run from its sources through tsx. */
const SERVER = ['--import', 'tsx', 'apps/server/src/server.ts'];

export interface NodeProcess {
  child: ChildProcess;
  /** What it wrote last (stdout and stderr, its last 200 writes), for assertions and failure messages. */
  output(): string;
  /** Its exit code once it has exited (null when a signal ended it). */
  exited: Promise<number | null>;
  /**
   * Ends it with `signal` and waits until it has exited (at once if it already has); with
   * `killAfterMs`, a SIGKILL follows when it is still running by then.
   */
  stop(signal: 'SIGKILL' | 'SIGTERM', opts?: { killAfterMs?: number }): Promise<void>;
}

/**
 * Node.js with `args` (a script and its flags) as a child process run from the repository's root,
 * with `env` over this process's environment; what it writes is kept.
 */
export function startNodeProcess(args: string[], env: Record<string, string>): NodeProcess {
  const { child, exited, stdout } = spawnCollecting(process.execPath, args, {
    env,
    merge: true,
    lastWrites: 200,
  });
  return {
    child,
    output: stdout,
    exited,
    async stop(signal, opts = {}) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer =
        opts.killAfterMs === undefined
          ? undefined
          : setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type ServerProcess = NodeProcess;

/** The production server (`server.ts`) as a child process with `env`, once it answers its health check. */
export async function startServerProcess(
  baseUrl: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const server = startNodeProcess(SERVER, env);
  try {
    await waitForHealth(baseUrl, server.child, {
      intervalMs: 50,
      details: () => `:\n${server.output()}`,
    });
  } catch (err) {
    server.child.kill('SIGKILL');
    throw err;
  }
  return server;
}

/**
 * `server.ts` as a start with `env` runs it (on port 0 of 127.0.0.1 and an in-memory SQLite database
 * unless `env` names others), for a start that should fail: its exit code and what it wrote (killed
 * after 30 s if it does start).
 */
export async function runServerUntilExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const server = startNodeProcess(SERVER, { PORT: '0', HOST: '127.0.0.1', DATABASE_URL: ':memory:', ...env });
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
  const code = await server.exited;
  clearTimeout(timer);
  return { code, output: server.output() };
}

export interface ServerProcessSuite {
  standin: Standin;
  /** A folder of the suite's own. */
  dir: string;
  /** What the suite's server runs with. */
  env: Record<string, string>;
  baseUrl: string;
  /** The server as the shared builders reach it, over HTTP at `baseUrl`. */
  site: Site;
  /** The process the suite started last: the suite sets it when it starts one. */
  server: ServerProcess | null;
}

/**
 * What a suite's production server process runs on, made before its first test and removed after its
 * last: a Roblox stand-in, a folder of its own (`dirPrefix`), a fresh database (on PostgreSQL a
 * throw-away one; on SQLite `rewards.db` in the folder, which the server creates and migrates itself,
 * as on a first `npm start`), a free port, and `serverProcessEnv` without a web app, with `env` over
 * it. The suite starts the server itself (`startServerProcess`) and keeps it in `server`, which is
 * killed after the last test if it still runs.
 */
export function serverProcessSuite(opts: {
  dirPrefix: string;
  adminPassword: string;
  cpxSecret: string;
  env?: Record<string, string>;
}): ServerProcessSuite {
  const suite = { server: null } as ServerProcessSuite;
  let database: TestDatabase | null = null;

  beforeAll(async () => {
    suite.standin = await startStandin({ port: 0 });
    suite.dir = mkdtempSync(join(tmpdir(), opts.dirPrefix));
    database = testEngine === 'postgres' ? await createTestDatabase() : null;
    const port = await freePort();
    suite.baseUrl = `http://127.0.0.1:${port}`;
    suite.env = {
      ...serverProcessEnv({
        port,
        databaseUrl: database?.url ?? join(suite.dir, 'rewards.db'),
        standinUrl: suite.standin.url,
        adminPassword: opts.adminPassword,
        cpxSecret: opts.cpxSecret,
      }),
      // No web app: these suites are about the API.
      WEB_DIST: join(suite.dir, 'no-web-build'),
      ...opts.env,
    };
    suite.site = {
      api: (method, path, body, headers) => callApi(suite.baseUrl, method, path, body, headers),
      control: standinControl(suite.standin.url),
      adminPassword: opts.adminPassword,
    };
  });

  afterAll(async () => {
    await suite.server?.stop('SIGKILL');
    await suite.standin?.close();
    await database?.drop();
    if (suite.dir) rmSync(suite.dir, { recursive: true, force: true });
  });

  return suite;
}
