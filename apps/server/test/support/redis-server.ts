import { spawn, spawnSync } from 'node:child_process';
import { freePort, portOpen, waitFor } from '../../../../e2e/support/processes.ts';

export interface RedisServer {
  url: string;
  /** Stops the server (SIGKILL: as abrupt as a crash) and resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * A throw-away `redis-server` on a free port of 127.0.0.1, nothing saved to disk. The tests of the
 * shared limits need the binary (Debian's `redis-server`, which `.ci/run` installs): without it they
 * fail saying so rather than passing unrun.
 */
export async function startRedisServer(): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    throw new Error('redis-server is not installed (apt-get install redis-server; .ci/run installs it)');
  }
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  await waitFor(() => portOpen(port));
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
