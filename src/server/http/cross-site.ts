import type { FastifyInstance } from 'fastify';
import { messageText } from '#shared/i18n/translate';
import { forbidden } from '#server/errors';
import { isAllowedOrigin } from './cors';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Another site's page can still make a browser post here (a plain form needs no CORS), and although
 * its cookie is ignored, a call such as logout would still act. The browser says where a request
 * comes from, so changes from other sites are refused before any route runs, except from the
 * CORS_ORIGINS, whose pages call with a bearer token (their cookie is ignored all the same).
 */
export function registerCrossSiteGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if (!READS.has(request.method) && crossSite && !isAllowedOrigin(app, request.headers.origin)) {
      throw forbidden(messageText('shared.errors.crossSite'));
    }
  });
}
