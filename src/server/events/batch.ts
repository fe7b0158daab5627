/** More than this many waiting go at once: a burst of writes never piles up a long list. */
const MOST_WAITING = 10_000;

/**
 * Gathers what a process tells the others for `delayMs` after the first of it, then sends it all
 * in one message: a burst of writes is one message on the channel, not one per write.
 */
export class Batch<T> {
  private waiting: T[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly send: (items: T[]) => Promise<void>,
    private readonly delayMs: number,
  ) {}

  add(items: Iterable<T>): void {
    for (const item of items) this.waiting.push(item);
    if (this.waiting.length > MOST_WAITING) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.delayMs).unref();
  }

  /** Sends what is waiting now (also before the process closes its channel). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiting.length === 0) return;
    const items = this.waiting;
    this.waiting = [];
    await this.send(items);
  }
}
