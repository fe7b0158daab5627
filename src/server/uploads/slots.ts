/** Uploads under way per key, each key holding at most `max` at once. */
export interface SlotPool {
  readonly max: number;
  /** Runs `task` holding one of the key's slots, or throws `refused()` when the key has none left. */
  hold<T>(key: string, refused: () => Error, task: () => Promise<T>): Promise<T>;
}

/**
 * Uploads under way per key, in this process (an account, an address, or one key for the whole server), each key
 * holding at most `max` at once. A give without a take is ignored, so a slot is never counted twice.
 */
export class Slots implements SlotPool {
  readonly #taken = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Slots the key holds now. */
  held(key: string): number {
    return this.#taken.get(key) ?? 0;
  }

  take(key: string): boolean {
    const held = this.held(key);
    if (held >= this.max) return false;
    this.#taken.set(key, held + 1);
    return true;
  }

  give(key: string): void {
    const held = this.held(key);
    if (held <= 1) this.#taken.delete(key);
    else this.#taken.set(key, held - 1);
  }

  /** Runs `task` holding one of the key's slots, or throws `refused()` when the key has none left. */
  async hold<T>(key: string, refused: () => Error, task: () => Promise<T>): Promise<T> {
    if (!this.take(key)) throw refused();
    try {
      return await task();
    } finally {
      this.give(key);
    }
  }
}
