import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deliveryOf, variantFor, type CachedAnswer, type ChangeNotes, type PublicCache } from './public-cache';
import { publicCacheKey } from './key';

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyContextConfig {
    /** The answer is the same for every caller: keep it until the catalog changes (GET only). */
    publicCache?: boolean;
    /** A write that changes nothing any public answer shows (sessions, settings, chat): the cache stays. */
    keepsPublicCache?: boolean;
  }
}

/** Route config of an answer that is the same for every caller, kept until the catalog changes. */
export const publicAnswer = { publicCache: true };

/** Route config of a write whose changes no public answer shows, so the cache is not dropped for it. */
export const privateWrite = { keepsPublicCache: true };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Headers that are part of a cached answer (the paging headers of the lists). */
const KEPT_HEADERS = ['content-type', 'x-total-count', 'link'];

interface Miss {
  key: string;
  generation: number;
  settle: (answer: CachedAnswer | undefined) => void;
}

/**
 * Serves routes marked `config: { publicCache: true }` from the cache, and bumps the cache after
 * every request that may have changed something: any method but GET, HEAD and OPTIONS, unless it was
 * refused (4xx) or its route says it changes nothing public (`privateWrite`). So a new write
 * anywhere in the API invalidates the cache unless someone decided it need not; a failure (5xx)
 * counts as a change, since part of it may have happened. `notes` says what the
 * request changed to the other processes, with the same message (see ChangeNotes).
 */
export function registerPublicCache(app: FastifyInstance, cache: PublicCache, notes?: ChangeNotes): void {
  const misses = new WeakMap<FastifyRequest, Miss>();
  const marks = new WeakMap<FastifyRequest, number>();
  app.decorate('publicCache', cache);

  if (notes) {
    app.addHook('onRequest', async (request) => {
      if (!SAFE_METHODS.has(request.method)) marks.set(request, notes.mark());
    });
  }

  // preHandler: after the rate limit and the query's validation, so cached answers meet both.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.publicCache) return;
    const key = publicCacheKey(request.url, request.headers);
    if (key === undefined) return;
    const answer = cache.get(key) ?? (await cache.inFlight(key));
    if (answer) return sendCached(request, reply, answer);
    misses.set(request, { key, generation: cache.generation, settle: cache.startComputing(key) });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const miss = misses.get(request);
    if (miss) {
      misses.delete(request);
      const answer =
        reply.statusCode === 200 && typeof payload === 'string'
          ? cache.store(miss.key, miss.generation, payload, keptHeaders(reply))
          : undefined;
      if (answer) reply.header('etag', answer.etag).header('cache-control', 'no-cache');
      miss.settle(answer);
    }
    if (changedPublicData(request, reply)) {
      const mark = marks.get(request);
      await cache.bump(mark === undefined ? undefined : notes?.since(mark));
    }
  });

  // A request that ends without an answer (the client went away) must not keep others waiting.
  app.addHook('onResponse', async (request) => {
    misses.get(request)?.settle(undefined);
    misses.delete(request);
  });

  app.addHook('onReady', () => cache.listen(notes));
  app.addHook('onClose', () => cache.close());
}

/** Whether the request may have changed what public answers show: any write not refused or marked private. */
const changedPublicData = (request: FastifyRequest, reply: FastifyReply) =>
  !SAFE_METHODS.has(request.method) &&
  !(reply.statusCode >= 400 && reply.statusCode < 500) &&
  !request.routeOptions.config.keepsPublicCache;

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  const variant = variantFor(answer, request.headers['if-none-match'], request.headers['accept-encoding']);
  const { status, headers, body } = deliveryOf(answer, variant);
  return reply.code(status).headers(headers).send(body);
}
