import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { redisChannel } from '#server/events/channel';
import { connectRedis, type RedisLink } from '#server/events/redis';
import { RedisSlots } from '#server/uploads/redis-slots';
import { registerActor } from './support/actors';
import { createTestApp, type TestApp } from './support/app';
import { uploadPhoto } from './support/products';
import { dropRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from './support/shared-services';
import { timeLimit } from './support/time-limits';

/*
 * What several processes agree on through Redis (the one on 127.0.0.1:6379): channel messages, rate
 * limits and upload slots. Each link here stands for one process; every run has a prefix of its own.
 */
const prefix = uniqueRedisPrefix('redis');
const links: RedisLink[] = [];
const apps: TestApp[] = [];
const logged: string[] = [];

async function link(url = TEST_REDIS_URL): Promise<RedisLink> {
  const made = await connectRedis(url, prefix, (line) => logged.push(line));
  links.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

afterAll(async () => {
  for (const made of links) made.client.disconnect();
  await dropRedisKeys(prefix);
});

const heard = () => {
  const messages: string[] = [];
  const next = () => new Promise<void>((resolve) => setTimeout(resolve, 100));
  return { messages, onMessage: (message: string) => messages.push(message), settle: next };
};

describe('redisChannel', () => {
  it("carries one process's messages to the others, not back to itself, and only under its own name", async () => {
    const [a, b] = [redisChannel(await link(), 'catalog'), redisChannel(await link(), 'catalog')];
    const elsewhere = redisChannel(await link(), 'bell');
    const [atA, atB, atElsewhere] = [heard(), heard(), heard()];
    await a.subscribe(atA.onMessage);
    await b.subscribe(atB.onMessage);
    await elsewhere.subscribe(atElsewhere.onMessage);

    await a.publish('changed');
    await atB.settle();
    expect(atB.messages).toEqual(['changed']);
    expect(atA.messages).toEqual([]);
    expect(atElsewhere.messages).toEqual([]);
    await Promise.all([a.close(), b.close(), elsewhere.close()]);
  });

  it('tells its subscriber that messages may have been missed once its connection is back, and hears again', async () => {
    const redis = await link();
    const [a, b] = [redisChannel(redis, 'lost'), redisChannel(await link(), 'lost')];
    let lost = 0;
    const atA = heard();
    await a.subscribe(atA.onMessage, () => (lost += 1));
    // Cut A's listening connection (found by its name), as a network failure would.
    const clients = (await redis.client.client('LIST')) as string;
    const line = clients.split('\n').find((entry) => entry.includes(`name=${prefix}lost `))!;
    await redis.client.client('KILL', 'ID', /id=(\d+)/.exec(line)![1]!);
    await vi.waitFor(() => expect(lost).toBe(1), { timeout: timeLimit(5_000) });

    await b.publish('changed');
    await vi.waitFor(() => expect(atA.messages).toEqual(['changed']));
    await Promise.all([a.close(), b.close()]);
  });

  it('logs a publish while Redis is away instead of throwing', async () => {
    const errors: unknown[] = [];
    const away = redisChannel(await link('redis://127.0.0.1:1'), 'catalog', (error) => errors.push(error));
    await expect(away.publish('changed')).resolves.toBeUndefined();
    expect(errors.length).toBeGreaterThan(0);
    await away.close();
  });
});

describe('RedisSlots', () => {
  it('shares the slots of a key between processes and gives them back', async () => {
    const [a, b] = [new RedisSlots(await link(), 'seller', 1), new RedisSlots(await link(), 'seller', 1)];
    const refused = () => new Error('refused');
    let finish = () => {};
    const holding = a.hold('seller-1', refused, () => new Promise<void>((resolve) => (finish = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));

    await expect(b.hold('seller-1', refused, async () => 'b')).rejects.toThrow('refused');
    await expect(b.hold('seller-2', refused, async () => 'other key')).resolves.toBe('other key');
    finish();
    await holding;
    await expect(b.hold('seller-1', refused, async () => 'b')).resolves.toBe('b');
  });

  it('frees the slot of a process that never gave it back once its lease ends', async () => {
    const redis = await link();
    const LEASE_MS = 1000;
    const crashed = new RedisSlots(redis, 'address', 1, LEASE_MS);
    // Waits for the slot itself, not a fixed time: on a loaded machine Redis answers late.
    const taken = await new Promise<number>((held) => {
      void crashed.hold(
        '10.0.0.1',
        () => new Error('refused'),
        () => {
          held(Date.now());
          return new Promise(() => {});
        },
      );
    });
    const other = new RedisSlots(redis, 'address', 1, LEASE_MS);
    await expect(
      other.hold(
        '10.0.0.1',
        () => new Error('refused'),
        async () => 'early',
      ),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, taken + LEASE_MS + 100 - Date.now()));
    await expect(
      other.hold(
        '10.0.0.1',
        () => new Error('refused'),
        async () => 'later',
      ),
    ).resolves.toBe('later');
  });
});

describe('the app counting in Redis', () => {
  it('counts the per-address limit across two processes', async () => {
    const a = await createTestApp({}, { apiRateLimit: 3 }, { redis: await link() });
    apps.push(a);
    const b2 = await createTestApp({}, { apiRateLimit: 3 }, { redis: await link() });
    apps.push(b2);
    const health = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.7' });
    expect((await health(a)).statusCode).toBe(200);
    expect((await health(b2)).statusCode).toBe(200);
    expect((await health(a)).statusCode).toBe(200);
    expect((await health(b2)).statusCode).toBe(429);
    expect((await b2.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.8' })).statusCode).toBe(
      200,
    );
  });

  it('keeps answering, uploads included, while Redis is away, and logs the outage once', async () => {
    logged.length = 0;
    const t = await createTestApp({}, {}, { redis: await link('redis://127.0.0.1:1') });
    apps.push(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const seller = await registerActor(t.app, 'seller');
    expect(await uploadPhoto(seller)).toMatch(/^\/uploads\//);
    expect(logged.filter((line) => line.includes('connection lost'))).toHaveLength(1);
  });
});
