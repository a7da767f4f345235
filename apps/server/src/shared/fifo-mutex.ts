/** First come, first served; hands the lock straight to the next waiter (no stampede on unlock). */
export class FifoMutex {
  #locked = false;
  #queue: Array<() => void> = [];

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  get locked(): boolean {
    return this.#locked;
  }

  unlock(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#locked = false;
  }
}
