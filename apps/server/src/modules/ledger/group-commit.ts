/** Items one shared call carries at most. */
export const MAX_GROUP = 32;

interface Waiting<Item, Result> {
  item: Item;
  resolve: (r: Result) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit in the server (docs/decisions/0020): the writes a process is asked for in one turn of
 * its event loop go to the database together, as one call of `many` (one round trip, one transaction,
 * one WAL flush). A write alone in its turn goes through `one`, as it would without grouping. `many`
 * answers by the items' index in the group. If it fails, the database undid all of it, and each item
 * is sent again through `one`, so every caller still gets its own answer or its own error.
 */
export class GroupCommit<Item, Result> {
  readonly #many: (items: Item[]) => Promise<Map<number, Result>>;
  readonly #one: (item: Item) => Promise<Result>;
  #waiting: Waiting<Item, Result>[] = [];
  #scheduled = false;

  constructor(many: (items: Item[]) => Promise<Map<number, Result>>, one: (item: Item) => Promise<Result>) {
    this.#many = many;
    this.#one = one;
  }

  run(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      if (this.#scheduled) return;
      this.#scheduled = true;
      setImmediate(() => this.#flush());
    });
  }

  #flush(): void {
    this.#scheduled = false;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (let i = 0; i < waiting.length; i += MAX_GROUP) void this.#send(waiting.slice(i, i + MAX_GROUP));
  }

  async #send(group: Waiting<Item, Result>[]): Promise<void> {
    if (group.length === 1) return this.#alone(group[0]!);
    let answers: Map<number, Result>;
    try {
      answers = await this.#many(group.map((w) => w.item));
    } catch {
      for (const waiting of group) void this.#alone(waiting);
      return;
    }
    // The call committed: an item it did not answer is not sent again (that could write it twice).
    group.forEach((waiting, i) => {
      if (answers.has(i)) waiting.resolve(answers.get(i)!);
      else waiting.reject(new Error(`a grouped call gave no answer for its item ${i}`));
    });
  }

  async #alone({ item, resolve, reject }: Waiting<Item, Result>): Promise<void> {
    try {
      resolve(await this.#one(item));
    } catch (err) {
      reject(err);
    }
  }
}

/** One GroupCommit per key (the app's database), made on first use. */
export function groupPer<Key extends object, Item, Result>(
  make: (key: Key) => GroupCommit<Item, Result>,
): (key: Key) => GroupCommit<Item, Result> {
  const groups = new WeakMap<Key, GroupCommit<Item, Result>>();
  return (key) => {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = make(key)));
    return group;
  };
}
