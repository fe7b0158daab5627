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
class Batches {
  private sent: Promise<void> = Promise.resolve();
  private next: { items: string[]; sent: Promise<void> } | undefined;

  constructor(private readonly send: (items: string[]) => Promise<void>) {}

  add(item: string): Promise<void> {
    if (!this.next) {
      const batch = { items: [] as string[], sent: this.sent };
      batch.sent = this.sent.then(() => {
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

const NOTIFY = 'select pg_notify($1, payload) from unnest($2::text[]) as payload';

/**
 * PostgreSQL NOTIFY/LISTEN on `name`; a process does not hear its own messages. Its messages go out
 * one statement at a time on the sending connection (pg queues a query sent behind a running one
 * only with a deprecation warning, and pg@9 will refuse it), those published meanwhile together in
 * the next: a NOTIFY commits a transaction of its own, and PostgreSQL commits one notifying
 * transaction at a time, so a message sent and its two rings cost one commit, not two.
 */
export function postgresChannel(url: string, name: string, onError: (error: unknown) => void = () => {}): Channel {
  const self = randomUUID();
  let listener: pg.Client | undefined;
  let sender: pg.Client | undefined;
  let closed = false;

  const connectSender = async () => {
    if (!sender) {
      // A NOTIFY's transaction writes nothing that must outlive a crash: PostgreSQL hands the message
      // to the listeners at its commit, not once the commit is on disk, and a crash ends the
      // listeners' connections anyway (each is told `lost`). So its commit does not wait for the disk,
      // and the next notifying transaction, which waits for this one, starts sooner.
      const client = new pg.Client({ connectionString: url, options: '-c synchronous_commit=off' });
      client.on('error', (error) => {
        onError(error);
        if (sender === client) sender = undefined;
      });
      sender = client;
      await client.connect();
    }
    return sender;
  };

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

  const notify = async (payloads: string[]) => {
    // Published after close (a request answered while the app closes): its connection is gone, and
    // the other processes' pages catch up at their stream's heartbeat.
    if (closed) return;
    try {
      // Named: the connection parses and plans it once, not on every batch.
      await (await connectSender()).query({ name: 'phonehaat_notify', text: NOTIFY, values: [name, payloads] });
    } catch (error) {
      // What was published about is done; the listeners' own fallbacks catch up with it.
      onError(error);
      sender = undefined;
    }
  };
  const batches = new Batches(notify);

  return {
    publish: (message) => batches.add(`${self}:${message}`),
    subscribe: (onMessage, onLost = () => {}) => listen(onMessage, onLost),
    close: async () => {
      closed = true;
      await Promise.all([listener?.end(), sender?.end()]);
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
