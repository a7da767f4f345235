/** Keys kept at most; past it the limiter forgets the oldest callers first. */
const MAX_KEYS = 10_000;

/**
 * Counts failures per key (e.g. admin sign-in per address) in a sliding window; once a key passes
 * the limit it is refused, whatever it sends, until its window has passed.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(key: string): boolean {
    return this.recent(key).length > this.limit;
  }

  recordFailure(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    // Re-inserted, so the map's order is by last failure: a flood forgets the quietest callers first.
    this.failures.delete(key);
    this.failures.set(key, list);
    if (this.failures.size > MAX_KEYS) this.prune();
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  /**
   * Drops keys with no failure left in their window; if that still leaves more than the cap (many
   * callers at once), the oldest keys go too, down to half the cap, so a flood of distinct callers
   * costs O(1) a failure on average instead of a full scan each time.
   */
  private prune(): void {
    for (const key of this.failures.keys()) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
    if (this.failures.size <= MAX_KEYS) return;
    for (const key of this.failures.keys()) {
      if (this.failures.size <= MAX_KEYS / 2) break;
      this.failures.delete(key);
    }
  }
}
