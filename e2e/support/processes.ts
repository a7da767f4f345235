import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/**
 * Waits until a server started as `child` answers `GET {baseUrl}/api/health` with 200; fails at once
 * if the process exits, and after `timeoutMs`. `details` adds e.g. the captured output to the error.
 */
export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  opts: { timeoutMs?: number; intervalMs?: number; details?: () => string } = {},
): Promise<void> {
  const { timeoutMs = 60_000, intervalMs = 200, details = () => '' } = opts;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server ${baseUrl} exited with ${child.exitCode}${details()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`server ${baseUrl} did not become healthy within ${timeoutMs / 1000} s${details()}`);
}

/**
 * The arguments of the `node …` command a root package.json script runs (its last `&&` step), so a
 * test or the bench starts a process exactly as the script would.
 */
export function nodeArgsOfScript(script: string): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = pkg.scripts[script];
  if (!command) throw new Error(`package.json has no script "${script}"`);
  const words = command.split('&&').at(-1)!.trim().split(/\s+/);
  if (words[0] !== 'node') throw new Error(`script "${script}" does not end with a node command: ${command}`);
  return words.slice(1);
}

/** Polls `check` every 50 ms until it holds; fails after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:`port` (e.g. a redis-server started by a test). */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), ok(true)));
    socket.once('error', () => ok(false));
  });
}
