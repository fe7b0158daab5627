import { randomUUID } from 'node:crypto';
import type { RedisLink } from '#server/events/redis';
import type { SlotPool } from './slots';

/**
 * Longest an upload may hold a slot: the request timeout (two minutes) and the processing after it.
 * A process that crashed while holding one loses it to this expiry, not for good.
 */
export const SLOT_LEASE_MS = 180_000;

/**
 * Each holder is a member of the key's sorted set, scored by when its lease ends: expired leases go
 * first, then a new one is added if fewer than ARGV[1] remain. One script, so two processes cannot
 * both take the last slot.
 */
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

/**
 * The slots of `name` shared by every process on one Redis. When Redis cannot be reached the upload
 * goes ahead uncounted (logged): a limit against abuse should not stop honest sellers during an outage.
 */
export class RedisSlots implements SlotPool {
  constructor(
    private readonly redis: RedisLink,
    private readonly name: string,
    readonly max: number,
    private readonly leaseMs = SLOT_LEASE_MS,
  ) {}

  async hold<T>(key: string, refused: () => Error, task: () => Promise<T>): Promise<T> {
    const redisKey = `${this.redis.prefix}slots:${this.name}:${key}`;
    const holder = randomUUID();
    const now = Date.now();
    const taken = await this.redis.client
      .eval(TAKE, 1, redisKey, this.max, holder, now, now + this.leaseMs, this.leaseMs)
      .catch((error: unknown) => {
        this.redis.onError(error);
        return undefined;
      });
    if (taken === 0) throw refused();
    try {
      return await task();
    } finally {
      if (taken === 1) await this.redis.client.zrem(redisKey, holder).catch(this.redis.onError);
    }
  }
}
