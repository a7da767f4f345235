import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The repository's root, where commands and the server's child processes run from. */
export const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

/** How a command ended: its exit code (null when a signal ended it) and what it wrote. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `cmd` with `args` to its end, as an operator or a developer would from the repository's root,
 * with `env` over this process's environment; after `timeoutMs`, when given, it is ended with SIGTERM.
 */
export function runCommand(
  cmd: string,
  args: string[],
  opts: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CommandRun> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer =
      opts.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGTERM'), opts.timeoutMs);
    child.once('error', fail);
    child.once('exit', (code) => {
      clearTimeout(timer);
      ok({ code, stdout, stderr });
    });
  });
}
