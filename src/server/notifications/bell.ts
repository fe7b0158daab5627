import { localChannel, type Channel } from '#server/events/channel';

type Listener = () => void;

/**
 * Rings the open pages of a user when they have something new to read: each server-sent event
 * stream listens for its user, and a notification made in any process rings its user's streams in
 * every process (through the channel, after the notification is committed).
 */
export class Bell {
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly channel: Channel = localChannel) {}

  /** Starts hearing the other processes' rings; a lost connection rings everyone, who then read again. */
  start(): Promise<void> {
    return this.channel.subscribe(
      (userId) => this.ringHere(userId),
      () => this.ringEveryone(),
    );
  }

  close(): Promise<void> {
    return this.channel.close();
  }

  /** Rings each user here and in every other process. */
  async ring(userIds: Iterable<string>): Promise<void> {
    const published: Array<Promise<void>> = [];
    for (const userId of new Set(userIds)) {
      this.ringHere(userId);
      published.push(this.channel.publish(userId));
    }
    await Promise.all(published);
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
