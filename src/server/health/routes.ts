import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isReachable } from '#server/db/connection';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', async (_request, reply) => {
    const ok = await isReachable(app.deps.db);
    return reply
      .status(ok ? 200 : 503)
      .send(ok ? { status: 'ok' } : { status: 'unavailable', message: 'The database cannot be reached' });
  });
};
