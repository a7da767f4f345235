/** One player's count in a race: hundredths of R$, and when they reached it (ms since the epoch). */
export interface Standing {
  userId: number;
  amount: number;
  reachedAt: number;
}

/**
 * A race's standings kept in order as players' counts change: largest amount first, then whoever
 * reached it first, then the lower id (the order of `earningsBetween`). Banned players and players
 * with nothing counting keep their slot but have no rank.
 *
 * A player's rank is one array read. Changing one player's count costs a binary search for their new
 * place plus moving the players between the old and the new place by one; whatever the number of
 * players, a refresh that changes a few counts moves a few places.
 */
export class Standings {
  readonly #slotOf = new Map<number, number>();
  readonly #user: number[] = [];
  readonly #amount: number[] = [];
  readonly #reached: number[] = [];
  /** Ranked slots, best first. */
  readonly #order: number[] = [];
  /** Slot → its index in #order, or -1 when unranked. */
  readonly #pos: number[] = [];
  #banned: ReadonlySet<number> = new Set();

  /**
   * Standings from a full count, in any order (`earningsOfIdsBetween`'s parts, whose times are ISO
   * strings: read here, without a second array of objects). `add` each part, then `sort` once.
   */
  static fromCount(
    counts: readonly { userId: number; amount: number; reachedAt: number | string }[],
    banned: ReadonlySet<number>,
  ): Standings {
    const s = new Standings(banned);
    s.add(counts);
    s.sort();
    return s;
  }

  constructor(banned: ReadonlySet<number> = new Set()) {
    this.#banned = new Set(banned);
  }

  /** Part of a full count, before `sort`: players not seen yet. */
  add(counts: readonly { userId: number; amount: number; reachedAt: number | string }[]): void {
    for (const p of counts) {
      const slot = this.#slot(p.userId);
      this.#amount[slot] = p.amount;
      this.#reached[slot] = typeof p.reachedAt === 'string' ? Date.parse(p.reachedAt) : p.reachedAt;
    }
  }

  /** Ranks every player added (once, after the last part of a full count). */
  sort(): void {
    const order = this.#order;
    order.length = 0;
    for (let slot = 0; slot < this.#user.length; slot++) {
      this.#pos[slot] = -1;
      if (this.#amount[slot]! > 0 && !this.#banned.has(this.#user[slot]!)) order.push(slot);
    }
    order.sort((a, b) => this.#compare(a, b));
    for (let i = 0; i < order.length; i++) this.#pos[order[i]!] = i;
  }

  /** How many players are ranked. */
  get size(): number {
    return this.#order.length;
  }

  /** 1-based rank of a player, or undefined when unranked. */
  rankOf(userId: number): number | undefined {
    const slot = this.#slotOf.get(userId);
    if (slot === undefined) return undefined;
    const p = this.#pos[slot]!;
    return p < 0 ? undefined : p + 1;
  }

  /** The standing at a 1-based rank. */
  at(rank: number): Standing | undefined {
    const slot = this.#order[rank - 1];
    if (slot === undefined) return undefined;
    return { userId: this.#user[slot]!, amount: this.#amount[slot]!, reachedAt: this.#reached[slot]! };
  }

  /** The first `n` standings. */
  top(n: number): Standing[] {
    const out: Standing[] = [];
    for (let r = 1; r <= Math.min(n, this.#order.length); r++) out.push(this.at(r)!);
    return out;
  }

  /** A player's count as recounted now (amount 0: nothing counts any more). True when it changed. */
  set(userId: number, amount: number, reachedAt: number): boolean {
    const slot = this.#slot(userId);
    if (this.#amount[slot] === amount && this.#reached[slot] === reachedAt) return false;
    this.#amount[slot] = amount;
    this.#reached[slot] = reachedAt;
    this.#rank(slot);
    return true;
  }

  /** The banned players now: those newly banned lose their rank, those unbanned get it back. */
  setBanned(banned: ReadonlySet<number>): boolean {
    const before = this.#banned;
    this.#banned = new Set(banned);
    let changed = false;
    for (const id of before) if (!banned.has(id)) changed = this.#rerank(id) || changed;
    for (const id of banned) if (!before.has(id)) changed = this.#rerank(id) || changed;
    return changed;
  }

  #rerank(userId: number): boolean {
    const slot = this.#slotOf.get(userId);
    if (slot === undefined) return false;
    this.#rank(slot);
    return true;
  }

  #slot(userId: number): number {
    let slot = this.#slotOf.get(userId);
    if (slot === undefined) {
      slot = this.#user.length;
      this.#slotOf.set(userId, slot);
      this.#user.push(userId);
      this.#amount.push(0);
      this.#reached.push(0);
      this.#pos.push(-1);
    }
    return slot;
  }

  /** Negative when slot `a` ranks before slot `b`, positive when after (never 0 for two players). */
  #compare(a: number, b: number): number {
    return (
      this.#amount[b]! - this.#amount[a]! ||
      this.#reached[a]! - this.#reached[b]! ||
      this.#user[a]! - this.#user[b]!
    );
  }

  /** Whether slot `a` ranks before slot `b`. */
  #before(a: number, b: number): boolean {
    return this.#compare(a, b) < 0;
  }

  /** Puts a slot whose count changed at its place (or takes its rank away). */
  #rank(slot: number): void {
    const order = this.#order;
    const pos = this.#pos;
    const ranked = this.#amount[slot]! > 0 && !this.#banned.has(this.#user[slot]!);
    let p = pos[slot]!;
    if (!ranked) {
      if (p < 0) return;
      for (let i = p; i < order.length - 1; i++) {
        order[i] = order[i + 1]!;
        pos[order[i]!] = i;
      }
      order.pop();
      pos[slot] = -1;
      return;
    }
    if (p < 0) {
      p = order.length;
      order.push(slot);
      pos[slot] = p;
    }
    if (p > 0 && this.#before(slot, order[p - 1]!)) {
      // Moves up: the first place in [0, p) whose player it now ranks before.
      let lo = 0;
      let hi = p - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.#before(slot, order[mid]!)) hi = mid;
        else lo = mid + 1;
      }
      for (let i = p; i > lo; i--) {
        order[i] = order[i - 1]!;
        pos[order[i]!] = i;
      }
      order[lo] = slot;
      pos[slot] = lo;
    } else if (p < order.length - 1 && this.#before(order[p + 1]!, slot)) {
      // Moves down: the last place in (p, end) whose player still ranks before it.
      let lo = p + 1;
      let hi = order.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (this.#before(order[mid]!, slot)) lo = mid;
        else hi = mid - 1;
      }
      for (let i = p; i < lo; i++) {
        order[i] = order[i + 1]!;
        pos[order[i]!] = i;
      }
      order[lo] = slot;
      pos[slot] = lo;
    }
  }
}
