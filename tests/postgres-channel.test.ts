import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresChannel, type Channel } from '#server/events/channel';

/*
 * The channel between server processes on PostgreSQL (LISTEN/NOTIFY): what one process publishes at
 * once (a message sent rings its two people) reaches the others whole and in order, sent one
 * statement at a time on the publisher's connection, those published meanwhile together.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const opened: Channel[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((channel) => channel.close()));
});

const channelNamed = (name: string) => {
  const channel = postgresChannel(postgresUrl!, name);
  opened.push(channel);
  return channel;
};

describe.runIf(postgresUrl)('the PostgreSQL channel', () => {
  it('sends what is published at once in few statements, never two at once, and every message arrives in order', async () => {
    const name = `phonehaat_channel_${process.pid}`;
    const [publisher, other] = [channelNamed(name), channelNamed(name)];
    const heard: string[] = [];
    await other!.subscribe((message) => heard.push(message));
    let running = 0;
    let mostAtOnce = 0;
    let notifies = 0;
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      // The channel runs its NOTIFY by name: a query config, not a text.
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (!text?.includes('pg_notify')) return (query as (...a: unknown[]) => unknown).apply(this, args);
      notifies += 1;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      const done = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      return done.finally(() => (running -= 1));
    } as typeof query);
    const messages = Array.from({ length: 40 }, (_, index) => `user-${index}`);

    await Promise.all(messages.map((message) => publisher!.publish(message)));
    await publisher!.publish('after');

    await expect.poll(() => heard).toEqual([...messages, 'after']);
    expect(mostAtOnce).toBe(1);
    expect(notifies).toBe(2);
  });
});
