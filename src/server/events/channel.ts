import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { watchConnection, type RedisLink } from './redis';

/**
 * A named channel between the server processes that share a database: each process publishes
 * short text messages and hears every other process's. Redis's pub/sub or PostgreSQL's NOTIFY carries
 * them between machines; the cluster's IPC between the processes of one machine on SQLite; a process
 * alone needs none. A subscriber is also told `lost` after its connection came back, since messages sent
 * meanwhile were missed.
 */
export interface Channel {
  publish(message: string): Promise<void>;
  subscribe(onMessage: (message: string) => void, onLost?: () => void): Promise<void>;
  close(): Promise<void>;
}

export const localChannel: Channel = {
  publish: async () => {},
  subscribe: async () => {},
  close: async () => {},
};

const RECONNECT_MS = 1000;

/**
 * Sends what is added in batches, one at a time: what is added while a batch is out goes in the
 * next. Each `add` answers when its batch has gone.
 */
class Batches<T> {
  private sent: Promise<void> = Promise.resolve();
  private next: { items: T[]; sent: Promise<void> } | undefined;

  constructor(private readonly send: (items: T[]) => Promise<void>) {}

  add(item: T): Promise<void> {
    if (!this.next) {
      const batch = { items: [] as T[], sent: this.sent };
      batch.sent = this.sent
        // A turn of the event loop first: what one request publishes from several hooks (a listing's
        // search note, then its cache drops) is gathered into one statement.
        .then(() => new Promise((resolve) => setImmediate(resolve)))
        .then(() => {
          this.next = undefined;
          return this.send(batch.items);
        });
      this.sent = batch.sent;
      this.next = batch;
    }
    this.next.items.push(item);
    return this.next.sent;
  }
}

const NOTIFY = 'select pg_notify(channel, payload) from unnest($1::text[], $2::text[]) as message(channel, payload)';

interface Notification {
  channel: string;
  payload: string;
  /** The publishing channel's error report: a failed send is told to each channel it carried. */
  onError: (error: unknown) => void;
}

/**
 * One sending connection per database for every channel of the process (the public cache's, the
 * search's, the bell's), its NOTIFYs one statement at a time, what any channel published meanwhile
 * together in the next: under a stream of writes a listing's two messages and a booking's ring are
 * one statement and one commit, not one each, and the process holds one sender, not three.
 */
class Sender {
  private client: pg.Client | undefined;
  readonly batches = new Batches<Notification>((items) => this.notify(items));
  /** The channels open on it: the last one closed ends its connection. */
  users = 0;

  constructor(private readonly url: string) {}

  private connect = async () => {
    if (!this.client) {
      // A NOTIFY's transaction writes nothing that must outlive a crash: PostgreSQL hands the message
      // to the listeners at its commit, not once the commit is on disk, and a crash ends the
      // listeners' connections anyway (each is told `lost`). So its commit does not wait for the disk,
      // and the next notifying transaction, which waits for this one, starts sooner.
      // Bounded waits: every write's answer waits for its notes, so a database cut off without a refusal
      // must fail a send in seconds (the listeners' fallbacks catch up), not hang them for minutes.
      const client = new pg.Client({
        connectionString: this.url,
        options: '-c synchronous_commit=off',
        connectionTimeoutMillis: 5_000,
        query_timeout: 5_000,
        keepAlive: true,
      });
      client.on('error', () => {
        // Reported with the failed send; the next batch connects again.
        if (this.client === client) this.client = undefined;
      });
      this.client = client;
      await client.connect();
    }
    return this.client;
  };

  private async notify(items: Notification[]): Promise<void> {
    // Published after every channel closed (a request answered while the app closes): its connection
    // is gone, and the other processes' pages catch up at their stream's heartbeat.
    if (this.users === 0) return;
    try {
      const values = [items.map((item) => item.channel), items.map((item) => item.payload)];
      // Named: the connection parses and plans it once, not on every batch.
      await (await this.connect()).query({ name: 'phonehaat_notify', text: NOTIFY, values });
    } catch (error) {
      // What was published about is done; the listeners' own fallbacks catch up with it.
      for (const report of new Set(items.map((item) => item.onError))) report(error);
      void this.client?.end().catch(() => {});
      this.client = undefined;
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end();
  }
}

const senders = new Map<string, Sender>();

/**
 * PostgreSQL NOTIFY/LISTEN on `name`; a process does not hear its own messages. Its messages go out
 * on the process's one sender for the database (Sender: one statement at a time, pg queues a query
 * sent behind a running one only with a deprecation warning, and pg@9 will refuse it), those
 * published meanwhile together in the next: a NOTIFY commits a transaction of its own, and
 * PostgreSQL commits one notifying transaction at a time, so a message sent and its two rings cost
 * one commit, not two.
 */
export function postgresChannel(url: string, name: string, onError: (error: unknown) => void = () => {}): Channel {
  const self = randomUUID();
  let listener: pg.Client | undefined;
  let closed = false;
  const sender = senders.get(url) ?? new Sender(url);
  senders.set(url, sender);
  sender.users += 1;

  const listen = async (onMessage: (message: string) => void, onLost: () => void): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', ({ payload = '' }) => {
      const separator = payload.indexOf(':');
      if (payload.slice(0, separator) !== self) onMessage(payload.slice(separator + 1));
    });
    client.on('error', (error) => {
      onError(error);
      void client.end().catch(() => {});
      if (closed) return;
      setTimeout(() => void listen(onMessage, onLost).then(onLost, onError), RECONNECT_MS).unref();
    });
    await client.connect();
    await client.query(`listen ${name}`);
    listener = client;
  };

  return {
    publish: async (message) => {
      if (closed) return;
      await sender.batches.add({ channel: name, payload: `${self}:${message}`, onError });
    },
    subscribe: (onMessage, onLost = () => {}) => listen(onMessage, onLost),
    close: async () => {
      if (closed) return;
      closed = true;
      sender.users -= 1;
      if (sender.users === 0 && senders.get(url) === sender) senders.delete(url);
      await Promise.all([listener?.end(), sender.users === 0 ? sender.close() : undefined]);
    },
  };
}

/**
 * Redis PUBLISH/SUBSCRIBE on the link's prefix and `name`; a process does not hear its own messages.
 * Publishing shares the link's connection; hearing takes one of its own (a subscribed connection
 * runs no other commands), which resubscribes by itself after an outage.
 */
export function redisChannel(redis: RedisLink, name: string, onError: (error: unknown) => void = () => {}): Channel {
  const self = randomUUID();
  const channel = `${redis.prefix}${name}`;
  // Named, so an operator (CLIENT LIST) sees which process listens to what.
  const listener = redis.client.duplicate({ lazyConnect: true, autoResubscribe: false, connectionName: channel });

  return {
    publish: async (message) => {
      // What was published about is done; the listeners' own fallbacks catch up with it.
      await redis.client.publish(channel, `${self}:${message}`).catch(onError);
    },
    subscribe: async (onMessage, onLost = () => {}) => {
      let heard = false;
      const subscribe = async () => {
        await listener.subscribe(channel);
        if (heard) onLost();
        heard = true;
      };
      watchConnection(listener, `Redis channel ${name}`, (line) => onError(new Error(line)));
      listener.on('message', (from: string, payload: string) => {
        const separator = payload.indexOf(':');
        if (from === channel && payload.slice(0, separator) !== self) onMessage(payload.slice(separator + 1));
      });
      await listener.connect().then(subscribe).catch(onError);
      // Each reconnection: subscribe again, and say that messages may have been missed meanwhile.
      listener.on('ready', () => void subscribe().catch(onError));
    },
    close: async () => {
      listener.disconnect();
    },
  };
}

const CLUSTER_MESSAGE = 'phonehaat:channel';

interface ClusterMessage {
  type: typeof CLUSTER_MESSAGE;
  name: string;
  message: string;
}

const isClusterMessage = (value: unknown): value is ClusterMessage =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === CLUSTER_MESSAGE;

/** In a cluster worker: the primary passes each message on to the other workers (relayChannels). */
export function clusterChannel(name: string): Channel {
  let listener: ((value: unknown) => void) | undefined;
  return {
    publish: async (message) => {
      process.send?.({ type: CLUSTER_MESSAGE, name, message } satisfies ClusterMessage);
    },
    subscribe: async (onMessage) => {
      listener = (value) => {
        if (isClusterMessage(value) && value.name === name) onMessage(value.message);
      };
      process.on('message', listener);
    },
    close: async () => {
      if (listener) process.off('message', listener);
    },
  };
}

/** In the primary: passes each worker's channel messages on to the other workers. */
export function relayChannels(): void {
  cluster.on('message', (from, value: unknown) => {
    if (!isClusterMessage(value)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(value);
    }
  });
}

/** The channel `name` between this process and the others that share its data: through Redis when there is one. */
export function channelFor(
  shared: { redis?: RedisLink | undefined; databaseUrl?: string | undefined },
  name: string,
  onError: (error: unknown) => void,
): Channel | undefined {
  if (shared.redis) return redisChannel(shared.redis, name, onError);
  if (shared.databaseUrl) return postgresChannel(shared.databaseUrl, name, onError);
  if (cluster.isWorker) return clusterChannel(name);
  return undefined;
}
