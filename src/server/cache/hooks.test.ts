import cookie from '@fastify/cookie';
import { request, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { asyncHookOn } from './async-hook-probe';
import { namedWrite, privateWrite, registerPublicCache } from './hooks';
import { PublicCache } from './public-cache';
import { named, tags } from './tags';
import { WRITER_COOKIE } from './writer-cookie';

/**
 * A server with the public cache's hooks and three writes: one that names a listing's change; one
 * that names nothing (as opening the bell), tells whether the async hook is on as it begins, and
 * waits to be let go, so the other runs beside it; and
 * one that, once let go after its answer, names a listing from its context. The drops are recorded
 * as the cache is told them (and tells the other processes).
 */
async function serverWithTwoWrites() {
  const app = Fastify();
  app.decorate('deps', { config: { secureCookies: false } } as never);
  await app.register(cookie);
  const cache = new PublicCache();
  const drops: string[][] = [];
  const bump = cache.bump.bind(cache);
  cache.bump = (changed) => {
    drops.push([...(changed ?? [])]);
    return bump(changed);
  };
  registerPublicCache(app, cache);
  let bellBegun!: (hookOn: boolean) => void;
  const begun = new Promise<boolean>((resolve) => (bellBegun = resolve));
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  app.put('/listing', { config: namedWrite }, async (request) => {
    await Promise.resolve();
    named([tags.listing((request.body as { id: string }).id)]);
    return { ok: true };
  });
  app.put('/bell', { config: privateWrite }, async () => {
    bellBegun(await asyncHookOn());
    await held;
    return { ok: true };
  });
  let namedLate!: () => void;
  const late = new Promise<void>((resolve) => (namedLate = resolve));
  app.put('/later', { config: namedWrite }, async () => {
    void held.then(() =>
      setTimeout(() => {
        named([tags.listing('late')]);
        namedLate();
      }),
    );
    return { ok: true };
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin, drops, begun, letGo, late };
}

/** A PUT of a JSON body sent a moment after its headers. */
function putLate(url: string, body: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const sending = request(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    sending.on('response', resolve).on('error', reject).flushHeaders();
    setTimeout(() => sending.end(body), 50);
  });
}

/**
 * A server with the public cache's hooks and writes that end each in a way of its own: one that waits
 * to be let go (its client may be gone by then), one that answers later through reply.send, and one
 * that throws before it returns.
 */
async function serverWithWritesThatEndOddly() {
  const app = Fastify();
  app.decorate('deps', { config: { secureCookies: false } } as never);
  await app.register(cookie);
  registerPublicCache(app, new PublicCache());
  let arrived = 0;
  app.addHook('onRequest', async () => void (arrived += 1));
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  app.put('/held', async () => {
    await held;
    return { ok: true };
  });
  app.put('/sent-later', (_request, reply) => void setTimeout(() => reply.send({ ok: true }), 10));
  app.put('/throws', () => {
    throw new Error('a bug in a write');
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin, arrived: () => arrived, letGo };
}

const writerCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((line) => line.startsWith(`${WRITER_COOKIE}=`));

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

describe('the public cache hooks', () => {
  it('drop what a write named itself, not what a write beside it named', async () => {
    const { app, origin, drops, begun, letGo } = await serverWithTwoWrites();
    close = () => app.close();
    const bell = fetch(`${origin}/bell`, { method: 'PUT' });
    await begun;
    // Its body comes after its headers, as a slow client's: parsed from the socket's context, which
    // must not lose the write's.
    const edited = await putLate(`${origin}/listing`, JSON.stringify({ id: 'a1' }));
    expect(edited.statusCode).toBe(200);
    expect(decodeURIComponent(String(edited.headers['set-cookie']))).toContain(tags.listing('a1'));
    letGo();
    const opened = await bell;
    expect(opened.status).toBe(200);
    expect(writerCookieOf(opened), 'the bell changed nothing public').toBeUndefined();
    expect(drops).toEqual([[tags.listing('a1')]]);
  });

  it('run a write that names nothing without a set for names, so the async hook stays off', async () => {
    const { app, origin, drops, begun, letGo } = await serverWithTwoWrites();
    close = () => app.close();
    const bell = fetch(`${origin}/bell`, { method: 'PUT' });
    const hookOn = await begun;
    letGo();
    expect(hookOn, 'the hook while the bell runs').toBe(false);
    expect((await bell).status).toBe(200);
    expect(drops).toEqual([]);
  });

  it('drop a name made outside any request while no write runs', async () => {
    const { app, drops } = await serverWithTwoWrites();
    close = () => app.close();
    named([tags.listing('b2')]);
    expect(drops).toEqual([[tags.listing('b2')]]);
  });

  it("drop a name made in a write's context after its answer", async () => {
    const { app, origin, drops, letGo, late } = await serverWithTwoWrites();
    close = () => app.close();
    const answered = await fetch(`${origin}/later`, { method: 'PUT' });
    expect(writerCookieOf(answered), 'nothing named before the answer').toBeUndefined();
    letGo();
    await late;
    expect(drops).toEqual([[tags.listing('late')]]);
  });

  // While any write's set is open, every async resource of the process calls the hook: a set left open
  // by a request that ended oddly would keep it on for good.
  it('switch the async hook off however a write ends: its client gone mid-body or mid-handler, answered later, thrown', async () => {
    const { app, origin, arrived, letGo } = await serverWithWritesThatEndOddly();
    close = () => app.close();
    const { port } = new URL(origin);
    const socket = connect(Number(port), '127.0.0.1');
    socket.write('PUT /held HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"a":');
    await expect.poll(arrived).toBe(1);
    socket.destroy();

    const gone = new AbortController();
    const abandoned = fetch(`${origin}/held`, { method: 'PUT', signal: gone.signal }).catch(() => 'gone');
    await expect.poll(arrived).toBe(2);
    gone.abort();
    expect(await abandoned).toBe('gone');
    const later = await fetch(`${origin}/sent-later`, { method: 'PUT' });
    const thrown = await fetch(`${origin}/throws`, { method: 'PUT' });
    expect([later.status, thrown.status]).toEqual([200, 500]);
    letGo();
    await expect.poll(asyncHookOn).toBe(false);
  });
});
