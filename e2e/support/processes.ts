import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

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
