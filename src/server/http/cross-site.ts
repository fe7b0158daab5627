import type { FastifyInstance } from 'fastify';
import { forbidden } from '../errors';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Another site's page can still make a browser post here (a plain form needs no CORS), and although
 * its cookie is ignored, a call such as logout would still act. The browser says where a request
 * comes from, so changes from other sites are refused before any route runs.
 */
export function registerCrossSiteGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!READS.has(request.method) && request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Changes cannot be made from another website');
    }
  });
}
