import { areaRoutes } from '#server/http/routes';
import { alertListSchema, MAX_ALERTS, saveAlertRequestSchema, updateAlertRequestSchema } from '#shared/alerts';
import { idParamsSchema } from '#shared/common';
import { fairPriceQuerySchema, fairPriceSchema } from '#shared/fair-price';
import { callerOf, ownWrite, signedIn } from '#server/auth/guards';
import { publicAnswer } from '#server/cache/hooks';
import { tags } from '#server/cache/tags';
import { writeCall } from '#server/http/writes';
import { fairPriceOf } from '#server/fair-price/repository';
import { listAlerts } from './repository';
import { changeAlert, removeAlert, saveAlert } from './service';

/** Saved searches that alert, and the fair price of a model (docs/alerts.md). */
export const alertRoutes = areaRoutes(async (app, { db }) => {
  app.get('/alerts', { schema: { response: { 200: alertListSchema } }, onRequest: signedIn }, async (request) => ({
    items: await listAlerts(db, callerOf(request).user.id),
    max: MAX_ALERTS,
  }));

  // Alerts are the caller's own: no public answer shows them.
  writeCall(app, 'POST /alerts', 'inserted', { ...ownWrite, body: saveAlertRequestSchema }, async (request) => {
    const { search, frequency } = request.body;
    return saveAlert(db, callerOf(request).user.id, search, frequency);
  });
  const alert = { ...ownWrite, params: idParamsSchema };
  writeCall(app, 'PUT /alerts/:id', 'updated', { ...alert, body: updateAlertRequestSchema }, (request) =>
    changeAlert(db, callerOf(request).user.id, request.params.id, request.body),
  );
  writeCall(app, 'DELETE /alerts/:id', 'deleted', alert, (request) =>
    removeAlert(db, callerOf(request).user.id, request.params.id),
  );

  app.get(
    '/fair-price',
    {
      schema: { querystring: fairPriceQuerySchema, response: { 200: fairPriceSchema } },
      config: publicAnswer(() => [tags.fairPrice]),
    },
    async (request) => fairPriceOf(db, request.query.productName, request.query.productCondition),
  );
});
