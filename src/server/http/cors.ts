import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = 'authorization, content-type';
/** How long a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * Lets the pages of the `CORS_ORIGINS` call the API with a bearer token (a client served from
 * another host, as the spec's own was). No credentials mode: the session cookie never counts for
 * them, so another site's page can only use a token it was given. Without CORS_ORIGINS nothing is
 * added and browsers keep other sites' pages from reading any answer.
 */
export function registerCors(app: FastifyInstance): void {
  const allowed = new Set(app.deps.config.CORS_ORIGINS);
  if (allowed.size === 0) return;

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin) || !request.url.startsWith('/api/')) return;
    reply.header('access-control-allow-origin', origin).header('vary', 'origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', PREFLIGHT_MAX_AGE_S)
        .status(204)
        .send();
    }
    reply.header('access-control-expose-headers', 'x-total-count, link');
  });
}

/** A request from one of the CORS_ORIGINS' pages: another site, but one the server lets in. */
export const isAllowedOrigin = (app: FastifyInstance, origin: string | undefined) =>
  origin !== undefined && app.deps.config.CORS_ORIGINS.includes(origin);
