import { describe, expect, it } from 'vitest';
import type { Channel } from '#server/events/channel';
import { compressedBody, deliveryOf, matchesEtag, preferredEncoding, PublicCache, variantFor } from './public-cache';

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

describe('PublicCache', () => {
  it('serves an answer until the next change, here or in another process', async () => {
    const [channelA, channelB] = joinedChannels();
    const a = new PublicCache({ channel: channelA });
    const b = new PublicCache({ channel: channelB });
    await Promise.all([a.listen(), b.listen()]);
    a.store('/x', a.generation, '[1]', {});
    b.store('/x', b.generation, '[1]', {});
    expect(a.get('/x')?.body).toBe('[1]');

    await a.bump();
    expect(a.get('/x')).toBeUndefined();
    expect(b.get('/x')).toBeUndefined();
  });

  it('does not keep an answer whose computation began before a change', async () => {
    const cache = new PublicCache();
    const began = cache.generation;
    await cache.bump();
    expect(cache.store('/x', began, '[old]', {})).toBeUndefined();
    expect(cache.get('/x')).toBeUndefined();
  });

  it('lets those waiting for an answer being computed have it, and drops the wait on a change', async () => {
    const cache = new PublicCache();
    const settle = cache.startComputing('/x');
    const waiting = cache.inFlight('/x');
    settle(cache.store('/x', cache.generation, '[1]', {}));
    expect((await waiting)?.body).toBe('[1]');

    cache.startComputing('/y');
    cache.invalidate();
    expect(cache.inFlight('/y')).toBeUndefined();
  });

  it('forgets answers older than its maximum age, and the oldest answer past its size', () => {
    let now = 0;
    const cache = new PublicCache({ maxAgeMs: 1000, maxEntries: 2, now: () => now });
    cache.store('/a', 0, '[]', {});
    cache.store('/b', 0, '[]', {});
    cache.store('/c', 0, '[]', {});
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBeDefined();
    now = 1001;
    expect(cache.get('/c')).toBeUndefined();
  });

  it('keeps an answer asked for again over answers asked for once, however many follow', () => {
    const cache = new PublicCache({ maxEntries: 3 });
    cache.store('/popular', 0, '[]', {});
    for (let n = 0; n < 10; n += 1) {
      cache.store(`/once/${n}`, 0, '[]', {});
      expect(cache.get('/popular')).toBeDefined();
    }
    expect(cache.get('/once/0')).toBeUndefined();
    expect(cache.get('/once/9')).toBeDefined();
  });

  it('forgets the oldest answers when their bodies pass its byte size, keeping the newest', () => {
    const cache = new PublicCache({ maxBytes: 10 });
    cache.store('/a', 0, '"12345"', {});
    cache.store('/b', 0, '"1234"', {});
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBeDefined();
    cache.store('/huge', 0, JSON.stringify('x'.repeat(50)), {});
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/huge')).toBeDefined();
  });

  it('compresses a large answer once and leaves a small one alone', () => {
    const cache = new PublicCache();
    const big = cache.store('/big', 0, JSON.stringify('x'.repeat(5000)), {})!;
    expect(compressedBody(big, 'br')).toBe(compressedBody(big, 'br'));
    expect(compressedBody(big, 'gzip')!.length).toBeLessThan(big.body.length);
    expect(compressedBody(cache.store('/small', 0, '[]', {})!, 'br')).toBeUndefined();
  });

  it('makes each way of sending an answer once, with its length in bytes', () => {
    const cache = new PublicCache();
    const answer = cache.store('/bangla', 0, JSON.stringify('আইফোন '.repeat(200)), { 'x-total-count': '1' })!;
    expect(variantFor(answer, answer.etag, 'br')).toBe('not-modified');
    expect(variantFor(answer, undefined, 'gzip, br')).toBe('br');
    expect(variantFor(answer, undefined, undefined)).toBe('identity');
    expect(variantFor(cache.store('/small', 0, '[]', {})!, undefined, 'br')).toBe('identity');

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
