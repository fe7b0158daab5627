import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { deliveryOf, variantFor, type Delivery, type PublicCache } from './public-cache';
import { publicCacheKey } from './key';
import { WRITER_COOKIE } from './writer-cookie';

/**
 * The HTTP server of the app, with the public cache at its front door: a GET whose answer is cached is
 * answered from node:http's request event, before Fastify routes it or runs a hook, at close to the
 * cost of a bare server sending the same bytes (docs/performance.md measures both). Everything else,
 * and every request that needs more than the cached bytes, goes to Fastify as usual:
 * - requests with an Origin header (a CORS origin's page gets its own headers from the app);
 * - requests of someone who just wrote (writer-cookie.ts), who must see what they changed;
 * - HEAD and every other method;
 * - while the server is closing (Fastify then closes the connection after the answer).
 * Answers served here skip the API's per-address rate limit and the request log: they cost less than
 * counting and logging them would. The answers are the ones Fastify sent first (hooks.ts stores them),
 * with the headers it sent: the kept ones, the tag, the security headers.
 */
export function serverWithFrontDoor(cache: PublicCache, fixedHeaders: Record<string, string>) {
  return (handler: RequestListener, options: FastifyServerOptions): Server => {
    const server = createServer((request, response) => {
      if (!answeredFromCache(cache, fixedHeaders, server, request, response)) handler(request, response);
    });
    // What Fastify sets on the server it makes itself.
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}

function answeredFromCache(
  cache: PublicCache,
  fixedHeaders: Record<string, string>,
  server: Server,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  if (request.method !== 'GET' || request.headers.origin !== undefined || !server.listening) return false;
  if (request.headers.cookie?.includes(WRITER_COOKIE)) return false;
  const key = request.url === undefined ? undefined : publicCacheKey(request.url, request.headers);
  const answer = key === undefined ? undefined : cache.get(key);
  if (!answer) return false;
  const variant = variantFor(answer, request.headers['if-none-match'], request.headers['accept-encoding']);
  const delivery = deliveryOf(answer, variant);
  response.writeHead(delivery.status, wireHeaders(delivery, fixedHeaders)).end(delivery.body);
  return true;
}

/** node:http takes headers as one flat list of names and values: made once per delivery, with the fixed ones. */
const wired = new WeakMap<Delivery, string[]>();

function wireHeaders(delivery: Delivery, fixedHeaders: Record<string, string>): string[] {
  let headers = wired.get(delivery);
  if (!headers) {
    headers = Object.entries({ ...fixedHeaders, ...delivery.headers }).flat();
    wired.set(delivery, headers);
  }
  return headers;
}
