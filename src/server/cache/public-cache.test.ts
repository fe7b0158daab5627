import { describe, expect, it } from 'vitest';
import { localChannel, type Channel } from '#server/events/channel';
import { preferredEncoding } from '#server/http/compression';
import { compressedBody, deliveryOf, DROPS_REMEMBERED, matchesEtag, PublicCache, variantFor } from './public-cache';
import { EVERYTHING } from './tags';

/** Two processes' channels joined by hand: what one publishes, the other hears. */
function joinedChannels(): [Channel, Channel] {
  const listeners: Array<((message: string) => void) | undefined> = [undefined, undefined];
  const channel = (self: 0 | 1): Channel => ({
    publish: async (message) => listeners[1 - self]?.(message),
    subscribe: async (onMessage) => {
      listeners[self] = onMessage;
    },
    close: async () => {},
  });
  return [channel(0), channel(1)];
}

/** A computation begun now, before any change: as the hooks take it. */
const at0 = { generation: 0, at: 0 };

describe('PublicCache', () => {
  it('drops the answers showing what a write names, here and, in a message a burst, in another process', async () => {
    const [channelA, channelB] = joinedChannels();
    const heard: string[] = [];
    const spy: Channel = { ...channelA, publish: async (message) => (heard.push(message), channelA.publish(message)) };
    const a = new PublicCache({ channel: spy });
    const b = new PublicCache({ channel: channelB });
    await Promise.all([a.listen(), b.listen()]);
    for (const cache of [a, b]) {
      cache.store('/x', cache.begin(), '[1]', {}, ['listing:1', 'list:all']);
      cache.store('/y', cache.begin(), '[2]', {}, ['listing:2']);
    }

    await a.bump(['listing:1']);
    await a.bump(['search']);
    await a.bump(['list:all']);
    expect(a.get('/x')).toBeUndefined();
    expect(a.get('/y')?.body).toBe('[2]');
    // The first at once, the rest of the burst in the next message.
    expect(heard).toEqual(['drop listing:1']);
    await a.flush();
    expect(heard).toEqual(['drop listing:1', 'drop search list:all']);
    expect(b.get('/x')).toBeUndefined();
    expect(b.get('/y')?.body).toBe('[2]');
  });

  it('drops everything on a message it cannot read, and when its connection was lost', async () => {
    let hear!: (message: string) => void;
    let lost!: () => void;
    const cache = new PublicCache({
      channel: { ...localChannel, subscribe: async (onMessage, onLost) => void ((hear = onMessage), (lost = onLost!)) },
    });
    await cache.listen();
    cache.store('/x', cache.begin(), '[1]', {}, ['listing:1']);
    hear('changed');
    expect(cache.get('/x')).toBeUndefined();
    cache.store('/x', cache.begin(), '[1]', {}, ['listing:1']);
    lost();
    expect(cache.get('/x')).toBeUndefined();
  });

  it('keeps an answer begun before a drop of what it shows only as stale', () => {
    const cache = new PublicCache();
    const began = cache.begin();
    const other = cache.begin();
    void cache.bump(['listing:1']);
    expect(cache.store('/x', began, '[old]', {}, ['listing:1']).staleSince).toBe(began.at);
    expect(cache.get('/x')).toBeUndefined();
    expect(cache.store('/y', other, '[kept]', {}, ['listing:2']).staleSince).toBeUndefined();
    expect(cache.get('/y')?.body).toBe('[kept]');
  });

  it('serves a dropped answer to others while one request recomputes it, for at most staleMs', () => {
    let now = 0;
    const cache = new PublicCache({ staleMs: 750, now: () => now });
    cache.store('/x', cache.begin(), '[old]', {}, ['listing:1']);
    void cache.bump(['listing:1']);
    // The first request after the drop computes it itself...
    expect(cache.get('/x')).toBeUndefined();
    const settle = cache.startComputing('/x');
    // ...while the others have the answer before it, until it is too old.
    expect(cache.get('/x')?.body).toBe('[old]');
    now = 751;
    expect(cache.get('/x')).toBeUndefined();
    settle(undefined);
  });

  it('under a stream of drops computes an answer again at most once a refresh time, and serves none staler than staleMs', () => {
    let now = 0;
    const cache = new PublicCache({ staleMs: 750, refreshMs: 500, now: () => now });
    const compute = () => cache.store('/x', cache.begin(), `[${now}]`, {}, ['list:all']);
    compute();
    // A write every 20 ms for 3 s (150 drops), a read every 5 ms computing the answer when told to.
    let computed = 0;
    let oldest = 0;
    const drops: number[] = [];
    for (now = 1; now <= 3000; now += 1) {
      if (now % 20 === 0) {
        void cache.bump(['list:all']);
        drops.push(now);
      }
      if (now % 5 !== 0) continue;
      let answer = cache.get('/x');
      if (!answer) {
        answer = compute();
        computed += 1;
      }
      // How long the answer has missed a write: from the first drop after its computation began.
      const missed = drops.find((at) => at > answer.began.at);
      if (missed !== undefined) oldest = Math.max(oldest, now - missed);
    }
    expect(drops).toHaveLength(150);
    expect(computed).toBeLessThanOrEqual(3000 / 500 + 1);
    expect(oldest).toBeLessThanOrEqual(750);
    // The first drop after a quiet spell is computed again at once.
    now += 2000;
    compute();
    void cache.bump(['list:all']);
    expect(cache.get('/x')).toBeUndefined();
  });

  it('computes a dropped answer again at its refresh time, or sooner once it is staleMs old', () => {
    let now = 0;
    const cache = new PublicCache({ staleMs: 300, refreshMs: 500, now: () => now });
    cache.store('/x', cache.begin(), '[0]', {}, ['list:all']);
    void cache.bump(['list:all']);
    expect(cache.get('/x')).toBeUndefined();
    now = 10;
    cache.store('/x', cache.begin(), '[10]', {}, ['list:all']);
    now = 20;
    void cache.bump(['list:all']);
    expect(cache.get('/x')?.body).toBe('[10]');
    now = 320;
    expect(cache.get('/x')?.body).toBe('[10]');
    now = 321;
    expect(cache.get('/x')).toBeUndefined();
    // The writer never has it (read your own writes).
    now = 20;
    expect(cache.get('/x', { at: 20, tags: new Set(['list:all']) })).toBeUndefined();
  });

  it('never serves the writer an answer begun before their write that shows what they changed', () => {
    let now = 100;
    const cache = new PublicCache({ now: () => now });
    cache.store('/x', cache.begin(), '[old]', {}, ['listing:1']);
    cache.store('/y', cache.begin(), '[other]', {}, ['listing:2']);
    const writer = { at: 200, tags: new Set(['listing:1']) };
    expect(cache.get('/x', writer)).toBeUndefined();
    expect(cache.get('/y', writer)?.body).toBe('[other]');
    now = 300;
    cache.store('/x', cache.begin(), '[new]', {}, ['listing:1']);
    expect(cache.get('/x', writer)?.body).toBe('[new]');
    expect(cache.get('/x', { at: 400, tags: new Set([EVERYTHING]) })).toBeUndefined();
  });

  it('drops again the searches another process named once its index has caught up, and only those heard lately', async () => {
    let now = 0;
    let hear!: (message: string) => void;
    const cache = new PublicCache({
      now: () => now,
      channel: { ...localChannel, subscribe: async (onMessage) => void (hear = onMessage) },
    });
    await cache.listen();
    hear('drop listing:1 search:word:sams search:any');
    // Computed again after the drop, but perhaps from this process's index before it caught up.
    cache.store('/search?q=samsung', cache.begin(), '[maybe old]', {}, ['search', 'search:word:sams']);
    cache.store('/search?q=nokia', cache.begin(), '[nokia]', {}, ['search', 'search:word:noki']);
    cache.store('/all', cache.begin(), '[all]', {}, ['list:all']);
    cache.dropSearchesHeard();
    expect(cache.get('/search?q=samsung')).toBeUndefined();
    expect(cache.get('/search?q=nokia')?.body).toBe('[nokia]');
    expect(cache.get('/all')?.body).toBe('[all]');

    now = 3001;
    cache.store('/search?q=samsung', cache.begin(), '[new]', {}, ['search', 'search:word:sams']);
    cache.dropSearchesHeard();
    expect(cache.get('/search?q=samsung')?.body).toBe('[new]');
  });

  it('lets those waiting for an answer being computed have it', async () => {
    const cache = new PublicCache();
    const settle = cache.startComputing('/x');
    const waiting = cache.inFlight('/x');
    settle(cache.store('/x', cache.begin(), '[1]', {}));
    expect((await waiting)?.body).toBe('[1]');
    expect(cache.inFlight('/x')).toBeUndefined();
  });

  it('forgets answers older than its maximum age, and the oldest answer past its size', () => {
    let now = 0;
    const cache = new PublicCache({ maxAgeMs: 1000, maxEntries: 2, now: () => now });
    cache.store('/a', at0, '[]', {});
    cache.store('/b', at0, '[]', {});
    cache.store('/c', at0, '[]', {});
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBeDefined();
    now = 1001;
    expect(cache.get('/c')).toBeUndefined();
  });

  it('keeps an answer asked for again over answers asked for once, however many follow', () => {
    const cache = new PublicCache({ maxEntries: 3 });
    cache.store('/popular', at0, '[]', {});
    for (let n = 0; n < 10; n += 1) {
      cache.store(`/once/${n}`, at0, '[]', {});
      expect(cache.get('/popular')).toBeDefined();
    }
    expect(cache.get('/once/0')).toBeUndefined();
    expect(cache.get('/once/9')).toBeDefined();
  });

  it('forgets the oldest answers when their bodies pass its byte size, keeping the newest', () => {
    const cache = new PublicCache({ maxBytes: 10 });
    cache.store('/a', at0, '"12345"', {});
    cache.store('/b', at0, '"1234"', {});
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBeDefined();
    cache.store('/huge', at0, JSON.stringify('x'.repeat(50)), {});
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/huge')).toBeDefined();
  });

  it('stays within its bounds in answers, tags and remembered drops under 100,000 distinct answers and writes', () => {
    const cache = new PublicCache({ maxEntries: 500, maxBytes: 64 * 1024 });
    for (let n = 0; n < 100_000; n += 1) {
      cache.store(`/search?q=${n}`, cache.begin(), `[${n}]`, {}, ['search', `listing:${n}`, `seller:${n % 7}`]);
      void cache.bump([`listing:${n}`]);
    }
    const size = cache.size;
    expect(size.entries).toBeLessThanOrEqual(500);
    expect(size.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(size.tags).toBeLessThanOrEqual(500 * 3);
    expect(size.drops).toBeLessThanOrEqual(DROPS_REMEMBERED);
    // An answer begun before the drops it no longer remembers is kept only as stale.
    expect(cache.store('/late', at0, '[]', {}, ['listing:1']).staleSince).toBe(0);
  });

  it('compresses a large answer once and leaves a small one alone', () => {
    const cache = new PublicCache();
    const big = cache.store('/big', at0, JSON.stringify('x'.repeat(5000)), {});
    expect(compressedBody(big, 'br')).toBe(compressedBody(big, 'br'));
    expect(compressedBody(big, 'gzip')!.length).toBeLessThan(big.body.length);
    expect(compressedBody(cache.store('/small', at0, '[]', {}), 'br')).toBeUndefined();
  });

  it('makes each way of sending an answer once, with its length in bytes', () => {
    const cache = new PublicCache();
    const answer = cache.store('/bangla', at0, JSON.stringify('আইফোন '.repeat(200)), { 'x-total-count': '1' });
    expect(variantFor(answer, answer.etag, 'br')).toBe('not-modified');
    expect(variantFor(answer, undefined, 'gzip, br')).toBe('br');
    expect(variantFor(answer, undefined, undefined)).toBe('identity');
    expect(variantFor(cache.store('/small', at0, '[]', {}), undefined, 'br')).toBe('identity');

    const plain = deliveryOf(answer, 'identity');
    expect(deliveryOf(answer, 'identity')).toBe(plain);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
    const br = deliveryOf(answer, 'br');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'x-total-count': '1', etag: answer.etag });
    expect(br.headers['content-length']).toBe(String((br.body as Buffer).length));
    const notModified = deliveryOf(answer, 'not-modified');
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeUndefined();
  });
});

it('compares entity tags weakly and understands lists and *', () => {
  expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
  expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
  expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
  expect(matchesEtag('*', 'W/"abc"')).toBe(true);
  expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
  expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
});

it('picks br, then gzip, and never an encoding the client refuses', () => {
  expect(preferredEncoding('gzip, deflate, br')).toBe('br');
  expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
  expect(preferredEncoding('identity')).toBeUndefined();
  expect(preferredEncoding('*')).toBe('gzip');
  expect(preferredEncoding(undefined)).toBeUndefined();
});
