import type { FastifyInstance } from 'fastify';
import { MODULE_LOADER_SOURCE } from '#server/pages/module-loader';

/*
 * The few headers that matter, set by hand: a full helmet halved the throughput of a trivial route
 * on these machines. Photos may come from any https host (users paste a photo URL at sign-up).
 */
const CSP = [
  "default-src 'self'",
  `script-src 'self' ${MODULE_LOADER_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A year: a browser that once reached the server over https never tries plain http for it again. */
const HSTS = 'max-age=31536000';

/** The headers every answer carries; a route may set its own CSP or opener policy first. */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    ...(https ? { 'strict-transport-security': HSTS } : {}),
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    // The Google sign-in popup's own pages opt out (they must keep their opener across the provider's pages).
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  };
}

const ROUTE_MAY_SET = new Set(['content-security-policy', 'cross-origin-opener-policy']);

export function registerSecurityHeaders(app: FastifyInstance): void {
  // PUBLIC_URL says whether people reach the server over https (a proxy may end TLS in front of it).
  const headers = Object.entries(securityHeaders(app.deps.config.secureCookies));
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of headers) {
      if (!ROUTE_MAY_SET.has(name) || !reply.hasHeader(name)) reply.header(name, value);
    }
  });
}

/**
 * API answers carry accounts, orders, tokens and the dashboards' lists: no browser or proxy may keep
 * them (a shared computer's back button, a caching proxy). A route that answers the same to
 * everyone may set its own Cache-Control.
 */
export function registerNoStore(api: FastifyInstance): void {
  api.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
