/** More than this many waiting go at once: a burst of writes never piles up a long list. */
const MOST_WAITING = 10_000;

/**
 * What a process tells the others, at most one message per `delayMs`: the first change after a
 * quiet spell goes at once (its writer's answer waits for it, so the others have heard before the
 * writer's next request, as without batching), and whatever comes within `delayMs` after it goes
 * together in the next message. A burst of writes is a message per `delayMs`, not one per write.
 */
export class Batch<T> {
  private waiting: T[] = [];
  private window: NodeJS.Timeout | undefined;

  constructor(
    private readonly send: (items: T[]) => Promise<void>,
    private readonly delayMs: number,
  ) {}

  /** Answers once sent when sent at once; at once when it waits for the next message. */
  add(items: Iterable<T>): Promise<void> {
    for (const item of items) this.waiting.push(item);
    if (!this.window) return this.sendAndWait();
    return this.waiting.length > MOST_WAITING ? this.flush() : Promise.resolve();
  }

  /** Sends what is waiting now (before the process closes its channel, or a test looks elsewhere). */
  async flush(): Promise<void> {
    if (this.waiting.length === 0) return;
    const items = this.waiting;
    this.waiting = [];
    await this.send(items);
  }

  close(): Promise<void> {
    clearTimeout(this.window);
    this.window = undefined;
    return this.flush();
  }

  private sendAndWait(): Promise<void> {
    this.window = setTimeout(() => {
      this.window = undefined;
      if (this.waiting.length > 0) void this.sendAndWait();
    }, this.delayMs).unref();
    return this.flush();
  }
}
