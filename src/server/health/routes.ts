import { areaRoutes } from '#server/http/routes';
import { isReachable } from '#server/db/connection';

export const healthRoutes = areaRoutes(async (app, { db }) => {
  app.get('/health', async (_request, reply) => {
    const ok = await isReachable(db);
    return reply
      .status(ok ? 200 : 503)
      .send(ok ? { status: 'ok' } : { status: 'unavailable', message: 'The database cannot be reached' });
  });
});
