import type { Redis } from 'ioredis';

/** One process's connection to the shared Redis, and the prefix every key and channel name gets. */
export interface RedisLink {
  client: Redis;
  prefix: string;
  /** Logs a failure; none of them stops the process. */
  onError: (error: unknown) => void;
}

/** Slowest reconnection attempt: Redis coming back is noticed within this. */
const MAX_RETRY_MS = 5000;

/**
 * A connection that never gives up: while Redis is away, commands fail at once (no queue that would
 * hold requests up), and it reconnects in the background; the start waits for the first attempt only. Each outage is logged once, not per retry.
 */
export async function connectRedis(url: string, prefix: string, log: (message: string) => void): Promise<RedisLink> {
  // Loaded only when REDIS_URL is set: a process without Redis does not hold its client's 2 MB of heap.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RETRY_MS),
    lazyConnect: true,
  });
  watchConnection(client, 'Redis', log);
  // The first answers should already count in Redis; when it is away, they count nowhere (logged).
  await client.connect().catch(() => {});
  return { client, prefix, onError: (error) => log(`Redis: ${messageOf(error)}`) };
}

/** Logs when a connection is lost (once) and when it is back. */
export function watchConnection(client: Redis, name: string, log: (message: string) => void): void {
  let down = false;
  client.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    log(`${name} connection lost, retrying: ${messageOf(error)}`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log(`${name} connection is back`);
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
