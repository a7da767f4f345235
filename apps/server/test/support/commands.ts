import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** The repository's root, where commands and the server's child processes run from. */
export const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

/** A child process started by `spawnCollecting`, with what it has written so far. */
export interface CollectingChild {
  child: ChildProcess;
  /** Its exit code once it has exited (null when a signal ended it); rejects when it cannot start. */
  exited: Promise<number | null>;
  /** What it wrote to stdout; with `merge`, to stdout and stderr both. */
  stdout(): string;
  /** What it wrote to stderr; with `merge`, the same as `stdout()`. */
  stderr(): string;
}

/**
 * Runs `cmd` with `args` as a child process from the repository's root, with `env` over this
 * process's environment, and keeps what it writes: stdout and stderr apart, or with `merge` as one
 * text in the order written; all of it, or with `lastWrites` only its last that many writes.
 */
export function spawnCollecting(
  cmd: string,
  args: string[],
  opts: { env?: Record<string, string>; merge?: boolean; lastWrites?: number } = {},
): CollectingChild {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const kept = () => {
    const pieces: string[] = [];
    const keep = (d: Buffer) => {
      pieces.push(d.toString());
      if (opts.lastWrites !== undefined && pieces.length > opts.lastWrites) pieces.shift();
    };
    return { keep, text: () => pieces.join('') };
  };
  const out = kept();
  const err = opts.merge ? out : kept();
  child.stdout!.on('data', out.keep);
  child.stderr!.on('data', err.keep);
  const exited = new Promise<number | null>((ok, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => ok(code));
  });
  return { child, exited, stdout: out.text, stderr: err.text };
}

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
export async function runCommand(
  cmd: string,
  args: string[],
  opts: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<CommandRun> {
  const run = spawnCollecting(cmd, args, { env: opts.env });
  const timer =
    opts.timeoutMs === undefined ? undefined : setTimeout(() => run.child.kill('SIGTERM'), opts.timeoutMs);
  try {
    return { code: await run.exited, stdout: run.stdout(), stderr: run.stderr() };
  } finally {
    clearTimeout(timer);
  }
}
