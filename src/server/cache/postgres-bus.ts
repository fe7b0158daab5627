import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { InvalidationBus } from './bus';

/*
 * Processes that share only PostgreSQL: NOTIFY on one channel, LISTEN on a connection of its own.
 * Every listener also hears its own messages; the sender's id tells them apart.
 */
const CHANNEL = 'phonehaat_catalog';
const RECONNECT_MS = 1000;

export function postgresBus(url: string, onError: (error: unknown) => void = () => {}): InvalidationBus {
  const self = randomUUID();
  let listener: pg.Client | undefined;
  let closed = false;
  let sender: pg.Client | undefined;

  const connectSender = async () => {
    if (!sender) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', (error) => {
        onError(error);
        if (sender === client) sender = undefined;
      });
      sender = client;
      await client.connect();
    }
    return sender;
  };

  const listen = async (onChange: () => void): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.payload !== self) onChange();
    });
    client.on('error', (error) => {
      onError(error);
      void client.end().catch(() => {});
      if (closed) return;
      // Changes made while the connection was down were not heard: forget everything cached.
      setTimeout(() => void listen(onChange).then(onChange, onError), RECONNECT_MS).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listener = client;
  };

  return {
    publish: async () => {
      try {
        await (await connectSender()).query('select pg_notify($1, $2)', [CHANNEL, self]);
      } catch (error) {
        // The change is made and this process's cache is cleared; the others' caches expire on their own.
        onError(error);
        sender = undefined;
      }
    },
    subscribe: listen,
    close: async () => {
      closed = true;
      await Promise.all([listener?.end(), sender?.end()]);
    },
  };
}
