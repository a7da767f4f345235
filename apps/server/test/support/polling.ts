/**
 * Polls `probe` every `intervalMs` (default 100) until it gives a value other than undefined or false,
 * and returns that value; after `timeoutMs` (default 30 s) fails with "timed out waiting for" and
 * `what()`, which can add what a child process has written by then.
 */
export async function until<T>(
  what: () => string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
}
