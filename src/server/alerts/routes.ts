import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertListSchema, MAX_ALERTS, saveAlertRequestSchema, updateAlertRequestSchema } from '#shared/alerts';
import { deleteResultSchema, idParamsSchema, insertResultSchema, updateResultSchema } from '#shared/common';
import { fairPriceQuerySchema, fairPriceSchema } from '#shared/fair-price';
import { callerOf, signedIn } from '#server/auth/guards';
import { privateWrite, publicAnswer } from '#server/cache/hooks';
import { tags } from '#server/cache/tags';
import { fairPriceOf } from '#server/fair-price/repository';
import { listAlerts } from './repository';
import { changeAlert, removeAlert, saveAlert } from './service';

/** Saved searches that alert, and the fair price of a model (docs/alerts.md). */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/alerts', { schema: { response: { 200: alertListSchema } }, onRequest: signedIn }, async (request) => ({
    items: await listAlerts(db, callerOf(request).user.id),
    max: MAX_ALERTS,
  }));

  // Alerts are the caller's own: no public answer shows them.
  app.post(
    '/alerts',
    {
      schema: { body: saveAlertRequestSchema, response: { 201: insertResultSchema } },
      onRequest: signedIn,
      config: privateWrite,
    },
    async (request, reply) => {
      const { search, frequency } = request.body;
      const insertedId = await saveAlert(db, callerOf(request).user.id, search, frequency);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.put(
    '/alerts/:id',
    {
      schema: { params: idParamsSchema, body: updateAlertRequestSchema, response: { 200: updateResultSchema } },
      onRequest: signedIn,
      config: privateWrite,
    },
    async (request) => {
      const modifiedCount = await changeAlert(db, callerOf(request).user.id, request.params.id, request.body);
      return { acknowledged: true, matchedCount: 1, modifiedCount };
    },
  );

  app.delete(
    '/alerts/:id',
    {
      schema: { params: idParamsSchema, response: { 200: deleteResultSchema } },
      onRequest: signedIn,
      config: privateWrite,
    },
    async (request) => ({
      acknowledged: true,
      deletedCount: await removeAlert(db, callerOf(request).user.id, request.params.id),
    }),
  );

  app.get(
    '/fair-price',
    {
      schema: { querystring: fairPriceQuerySchema, response: { 200: fairPriceSchema } },
      config: publicAnswer(() => [tags.fairPrice]),
    },
    async (request) => fairPriceOf(db, request.query.productName, request.query.productCondition),
  );
};
