import { localChannel, type Channel } from '#server/events/channel';

type Listener = () => void;

/**
 * Rings the open pages of a user when they have something new to read: each server-sent event
 * stream listens for its user, and a notification made in any process rings its user's streams in
 * every process (through the channel, after the notification is committed).
 */
export class Bell {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly publishing = new Set<Promise<void>>();

  constructor(private readonly channel: Channel = localChannel) {}

  /** Starts hearing the other processes' rings; a lost connection rings everyone, who then read again. */
  start(): Promise<void> {
    return this.channel.subscribe(
      (userId) => this.ringHere(userId),
      () => this.ringEveryone(),
    );
  }

  /** Closes the channel once the rings still going out have gone. */
  async close(): Promise<void> {
    await Promise.all(this.publishing);
    return this.channel.close();
  }

  /**
   * Rings each user here at once and in every other process soon after. The caller's answer does not
   * wait for the other processes': on PostgreSQL a ring is a NOTIFY, a transaction of its own written
   * to disk, which PostgreSQL commits one at a time, so waiting for it added a second commit to every
   * write that rings (docs/chat.md, "Speed"). A ring that fails is the channel's to report (its
   * `onError`); the pages it missed catch up at their stream's heartbeat, which reads again.
   */
  ring(userIds: Iterable<string>): void {
    for (const userId of new Set(userIds)) {
      this.ringHere(userId);
      const published: Promise<void> = this.channel
        .publish(userId)
        .catch(() => undefined)
        .finally(() => this.publishing.delete(published));
      this.publishing.add(published);
    }
  }

  /** Calls `onRing` whenever `userId` is rung; answers the function that stops it. */
  listen(userId: string, onRing: Listener): () => void {
    let ofUser = this.listeners.get(userId);
    if (!ofUser) this.listeners.set(userId, (ofUser = new Set()));
    ofUser.add(onRing);
    return () => {
      ofUser.delete(onRing);
      if (ofUser.size === 0) this.listeners.delete(userId);
    };
  }

  private ringHere(userId: string): void {
    for (const onRing of this.listeners.get(userId) ?? []) onRing();
  }

  private ringEveryone(): void {
    for (const ofUser of this.listeners.values()) for (const onRing of ofUser) onRing();
  }
}
