import type { ManualClock } from '../../src/shared/clock.ts';

/**
 * Runs `work` with `clock` set `ms` back, as if it happened that long ago, then sets the clock back to
 * where it was (also when `work` fails).
 */
export async function whileClockBack<T>(clock: ManualClock, ms: number, work: () => Promise<T>): Promise<T> {
  const now = clock.now();
  clock.set(new Date(now.getTime() - ms));
  try {
    return await work();
  } finally {
    clock.set(now);
  }
}
