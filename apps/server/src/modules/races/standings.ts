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
  /**
   * Columns by slot, in typed arrays grown by doubling: a race counts every player who earned in it
   * (200,000 in the bench), and plain arrays of numbers and a Map of ids would take about three times the
   * memory. Player ids are the database's increasing ids, so a slot is found by id in an array too.
   */
  #slotOfId = new Int32Array(1024); // id → slot + 1 (0: no slot)
  #user = new Int32Array(1024);
  #amount = new Float64Array(1024);
  #reached = new Float64Array(1024);
  /** Slot → its index in #order, or -1 when unranked. */
  #pos = new Int32Array(1024);
  /** Ranked slots, best first: the first #ranked entries. */
  #order = new Int32Array(1024);
  #ranked = 0;
  #slots = 0;
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
    let n = 0;
    for (let slot = 0; slot < this.#slots; slot++) {
      this.#pos[slot] = -1;
      if (this.#amount[slot]! > 0 && !this.#banned.has(this.#user[slot]!)) this.#order[n++] = slot;
    }
    this.#ranked = n;
    const order = this.#order.subarray(0, n);
    order.sort((a, b) => this.#compare(a, b));
    for (let i = 0; i < n; i++) this.#pos[order[i]!] = i;
  }

  /** How many players are ranked. */
  get size(): number {
    return this.#ranked;
  }

  /** 1-based rank of a player, or undefined when unranked. */
  rankOf(userId: number): number | undefined {
    const slot = this.#slotOf(userId);
    if (slot < 0) return undefined;
    const p = this.#pos[slot]!;
    return p < 0 ? undefined : p + 1;
  }

  /** The standing at a 1-based rank. */
  at(rank: number): Standing | undefined {
    if (rank < 1 || rank > this.#ranked) return undefined;
    const slot = this.#order[rank - 1]!;
    return { userId: this.#user[slot]!, amount: this.#amount[slot]!, reachedAt: this.#reached[slot]! };
  }

  /** The first `n` standings. */
  top(n: number): Standing[] {
    const out: Standing[] = [];
    for (let r = 1; r <= Math.min(n, this.#ranked); r++) out.push(this.at(r)!);
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
    const slot = this.#slotOf(userId);
    if (slot < 0) return false;
    this.#rank(slot);
    return true;
  }

  /** The player's slot, or -1. */
  #slotOf(userId: number): number {
    return userId < this.#slotOfId.length ? this.#slotOfId[userId]! - 1 : -1;
  }

  /** The player's slot, given one if they have none yet. */
  #slot(userId: number): number {
    let slot = this.#slotOf(userId);
    if (slot < 0) {
      if (!Number.isInteger(userId) || userId < 0 || userId > MAX_PLAYER_ID) {
        throw new RangeError(`not a player id: ${userId}`);
      }
      if (userId >= this.#slotOfId.length) this.#slotOfId = grown(this.#slotOfId, userId + 1);
      slot = this.#slots++;
      if (slot >= this.#user.length) {
        const size = slot + 1;
        this.#user = grown(this.#user, size);
        this.#amount = grown(this.#amount, size);
        this.#reached = grown(this.#reached, size);
        this.#pos = grown(this.#pos, size);
        this.#order = grown(this.#order, size);
      }
      this.#slotOfId[userId] = slot + 1;
      this.#user[slot] = userId;
      this.#amount[slot] = 0;
      this.#reached[slot] = 0;
      this.#pos[slot] = -1;
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
      for (let i = p; i < this.#ranked - 1; i++) {
        order[i] = order[i + 1]!;
        pos[order[i]!] = i;
      }
      this.#ranked--;
      pos[slot] = -1;
      return;
    }
    if (p < 0) {
      p = this.#ranked++;
      order[p] = slot;
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
    } else if (p < this.#ranked - 1 && this.#before(order[p + 1]!, slot)) {
      // Moves down: the last place in (p, end) whose player still ranks before it.
      let lo = p + 1;
      let hi = this.#ranked - 1;
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

/** Ids above this are no player's: the id table would take more memory than the standings. */
const MAX_PLAYER_ID = 2 ** 25;

/** A copy of `a` with room for at least `size` entries (doubling, so growing one at a time is cheap). */
function grown<T extends Int32Array | Float64Array>(a: T, size: number): T {
  let length = a.length;
  while (length < size) length *= 2;
  const b = new (a.constructor as new (length: number) => T)(length);
  b.set(a);
  return b;
}
