import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deliveryOf, variantFor, type Began, type CachedAnswer, type PublicCache, type Writer } from './public-cache';
import { publicCacheKey } from './key';
import { ScopedStorage } from './scoped-storage';
import { closeChanges, EVERYTHING, onNamedOutside, openChanges, type RequestChanges } from './tags';
import { readWriterCookie, WRITER_COOKIE, writerCookie } from './writer-cookie';

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyContextConfig {
    /** The answer is the same for every caller: keep it until a write names one of its tags (GET only). */
    publicCache?: boolean;
    /** The tags of what the answer shows (cache/tags.ts), from the request and the answer's payload. */
    cacheTags?: (request: FastifyRequest, payload: unknown) => string[];
    /**
     * A write whose changes to public answers, if any, its repositories name (cache/tags.ts): it drops
     * only those. A write without it drops every answer (one nobody has looked at yet).
     */
    keepsPublicCache?: boolean;
    /**
     * A write that changes nothing public (privateWrite): it runs without a set for names, so the
     * async hook stays off for it (scoped-storage.ts). A name one of its writes made all the same
     * would be dropped as it is made, as housekeeping's are.
     */
    namesNothing?: boolean;
  }
}

/** Route config of an answer that is the same for every caller, with the tags of what it shows. */
export const publicAnswer = (cacheTags: (request: FastifyRequest, payload: unknown) => string[]) => ({
  publicCache: true,
  cacheTags,
});

/** Route config of a rendered page, the same for every visitor: it shows what the renderer read (readingTags). */
export const publicPage = { publicCache: true };

/** Route config of a write whose changes to public answers its repositories name: it drops only those. */
export const namedWrite = { keepsPublicCache: true };

/** Route config of a write that changes nothing any public answer shows. */
export const privateWrite = { ...namedWrite, namesNothing: true };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Headers that are part of a cached answer (the paging headers of the lists). */
const KEPT_HEADERS = ['content-type', 'x-total-count', 'link'];

interface Miss {
  key: string;
  began: Began;
  settle: (answer: CachedAnswer | undefined) => void;
}

/**
 * A page being rendered: the tags of the answers it read, so the page shows them all, and the
 * writer it is rendered for, so it reads their writes too.
 */
interface Reading {
  tags: Set<string>;
  writer: Writer | undefined;
}
const readings = new ScopedStorage<Reading>();

/** Runs `render` (which reads public answers), answering what it made and the tags of what it read. */
export async function readingTags<T>(request: FastifyRequest, render: () => Promise<T>): Promise<[T, string[]]> {
  const reading = readings.open({ tags: new Set(), writer: writerOf(request) });
  try {
    return [await reading.run(render), [...reading.store.tags]];
  } finally {
    reading.close();
  }
}

/** A public answer read for the page being rendered, if any: the page shows its tags. */
export function readFor(cache: PublicCache, key: string): CachedAnswer | undefined {
  const reading = readings.getStore();
  const answer = cache.get(key, reading?.writer);
  if (answer) for (const tag of answer.tags) reading?.tags.add(tag);
  return answer;
}

/** The writer a request comes from: its own cookie, or the page being rendered for them. */
const writerOf = (request: FastifyRequest): Writer | undefined =>
  readWriterCookie(request.cookies[WRITER_COOKIE]) ?? readings.getStore()?.writer;

/** The tags an answer being computed shows, set by its route's cacheTags or by the page renderer. */
const answerTags = new WeakMap<FastifyRequest, string[]>();

/** The page renderer's answer shows what it read. */
export const showsTags = (request: FastifyRequest, tags: string[]) => answerTags.set(request, tags);

/**
 * Serves routes marked `publicAnswer` from the cache, and drops what every write request changed:
 * the tags its repositories named while it ran (cache/tags.ts), or everything for a write whose
 * route is not marked `namedWrite`/`privateWrite` unless it was refused (4xx). The writer gets a
 * short-lived cookie naming what they changed, so their next requests skip the answers before it.
 */
export function registerPublicCache(app: FastifyInstance, cache: PublicCache): void {
  const misses = new WeakMap<FastifyRequest, Miss>();
  const writes = new WeakMap<FastifyRequest, RequestChanges>();
  const secure = app.deps.config.secureCookies;
  app.decorate('publicCache', cache);

  // A write request runs with a set of its own that its repositories name their changes into
  // (tags.ts): the hooks after this one, the body's parsing and the handler run in its context. A
  // write that names nothing (the bell, a message, a sign-in: most of a live site's) runs without
  // one: opening a set switches the async hook on for every request until the last set closes.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.namesNothing) return done();
    const changes = openChanges();
    writes.set(request, changes);
    changes.run(done);
  });

  // ...and its set closes as the handler returns, not with the answer, which may still wait for the
  // disk (answered-on-disk.ts): while any set is open, every async resource the process makes (each
  // cached read's socket write included) calls the async hook (scoped-storage.ts), and at 50 writes
  // a second the waits for the disk kept one open most of the time. Its writes are done by then.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => SAFE_METHODS.has(method))) return;
    const handler = route.handler;
    route.handler = function (request, reply) {
      const answered = handler.call(this, request, reply);
      // A handler that answers later through reply.send, not a promise, keeps its set until its answer.
      return answered instanceof Promise ? answered.finally(() => writes.get(request)?.close()) : answered;
    };
  });

  // Names made outside any write request's open set are dropped as they are made (the batch gathers
  // their messages to the other processes), not left for a write that may never come.
  const stopDroppingOutside = onNamedOutside((changed) => {
    cache.bump(changed).catch((error: unknown) => app.log.error({ err: error }, 'public cache drop not told'));
  });

  // preHandler: after the rate limit and the query's validation, so cached answers meet both.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.publicCache) return;
    const key = publicCacheKey(request.url, request.headers);
    if (key === undefined) return;
    const writer = writerOf(request);
    const answer = cache.get(key, writer) ?? (writer ? undefined : await cache.inFlight(key));
    if (answer) return sendCached(request, reply, answer);
    misses.set(request, { key, began: cache.begin(), settle: cache.startComputing(key) });
  });

  app.addHook('preSerialization', async (request, _reply, payload) => {
    const tagsOf = request.routeOptions.config.cacheTags;
    if (misses.has(request) && tagsOf) answerTags.set(request, tagsOf(request, payload));
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const miss = misses.get(request);
    if (miss) {
      misses.delete(request);
      const tags = answerTags.get(request) ?? [];
      const answer =
        reply.statusCode === 200 && typeof payload === 'string'
          ? cache.store(miss.key, miss.began, payload, keptHeaders(reply), tags)
          : undefined;
      if (answer) {
        reply.header('etag', answer.etag).header('cache-control', 'no-cache');
        for (const tag of tags) readings.getStore()?.tags.add(tag);
      }
      miss.settle(answer);
    }
    const changed = changedBy(request, reply, writes.get(request));
    if (changed.size > 0) {
      await cache.bump(changed);
      reply.setCookie(WRITER_COOKIE, writerCookie(Date.now(), changed), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: WRITER_COOKIE_SECONDS,
      });
    }
  });

  // A request that ends without an answer (the client went away) must not keep others waiting.
  app.addHook('onResponse', async (request) => {
    misses.get(request)?.settle(undefined);
    misses.delete(request);
  });

  app.addHook('onReady', () => cache.listen());
  app.addHook('onClose', () => {
    stopDroppingOutside();
    return cache.close();
  });
}

/** Long enough for the other processes and machines to have heard the write (a batch and a message). */
const WRITER_COOKIE_SECONDS = 5;

/**
 * What a request may have changed in public answers: nothing for a read or a refused write (4xx), else
 * the tags it named, its set closed as they are taken; everything when its route has not said its
 * repositories name them.
 */
function changedBy(request: FastifyRequest, reply: FastifyReply, write: RequestChanges | undefined): Set<string> {
  if (write === undefined) return new Set();
  const named = new Set(closeChanges(write));
  const refused = reply.statusCode >= 400 && reply.statusCode < 500;
  if (!refused && !request.routeOptions.config.keepsPublicCache) named.add(EVERYTHING);
  return named;
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  for (const tag of answer.tags) readings.getStore()?.tags.add(tag);
  const variant = variantFor(answer, request.headers['if-none-match'], request.headers['accept-encoding']);
  const { status, headers, body } = deliveryOf(answer, variant);
  return reply.code(status).headers(headers).send(body);
}
