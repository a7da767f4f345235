import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { waitForHealth } from '../../../../e2e/support/processes.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** The last lines it wrote, for failure messages. */
  output: string[];
  /** Ends it with `signal` and waits until it has exited. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

/** The production server (`server.ts`) as a child process with `env`, once it answers its health check. */
export async function startServerProcess(
  baseUrl: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    output.push(d.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  try {
    await waitForHealth(baseUrl, child, { intervalMs: 50, details: () => `:\n${output.join('')}` });
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    child,
    output,
    async stop(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * `server.ts` as a start with `env` runs it, for a start that should fail: its exit code and
 * everything it wrote (killed after 30 s if it does start).
 */
export async function runServerUntilExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: ':memory:' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  const timer = setTimeout(() => server.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((ok) => server.once('exit', ok));
  clearTimeout(timer);
  return { code, output };
}
