import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes something (the spec's GET /deleteSellerVerification). */
    changesState?: boolean;
  }
}

/** Route config of a GET call that changes state, so it is guarded as a POST would be. */
export const changesState = { changesState: true };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isStateChange = (request: FastifyRequest) =>
  !READS.has(request.method) || request.routeOptions.config?.changesState === true;

/**
 * The browser says the request comes from one of this site's own pages: fetch metadata
 * (`Sec-Fetch-Site: same-origin`), or an `Origin` that is this server's public address (browsers
 * send it on every non-GET request). A page of another site cannot forge either, while a plain form
 * or link there can make the browser send the session cookie.
 */
export function hasSameOriginProof(request: FastifyRequest, publicUrl: string): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  return request.headers.origin === new URL(publicUrl).origin;
}
