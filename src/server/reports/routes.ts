import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteResultSchema, idParamsSchema, insertResultSchema } from '#shared/common';
import { reportedProductSchema, reportRequestSchema } from '#shared/reports';
import { callerOf, requireRole, signedIn } from '#server/auth/guards';
import { notFound } from '#server/errors';
import { pagedList } from '#server/http/paging';
import { privateWrite } from '#server/cache/hooks';
import { deleteReport, listReportedProducts } from './repository';
import { reportListing } from '#server/moderation/reports';

const adminOnly = requireRole('admin');

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, images } = app.deps;

  app.post(
    '/report/product',
    {
      schema: { body: reportRequestSchema, response: { 201: insertResultSchema } },
      onRequest: signedIn,
      config: privateWrite,
    },
    async (request, reply) => {
      const { product_id, ...reason } = request.body;
      const insertedId = await reportListing(app.deps, callerOf(request).user.id, product_id, reason);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  pagedList(app, '/all/reported/products', { item: reportedProductSchema, onRequest: adminOnly }, (page) =>
    listReportedProducts(db, images, page),
  );

  // Deletes the report only; the client deletes the listing itself in a second call.
  app.delete(
    '/reported/product/delete/:id',
    {
      schema: { params: idParamsSchema, response: { 200: deleteResultSchema } },
      onRequest: adminOnly,
      config: privateWrite,
    },
    async (request) => {
      const deletedCount = await deleteReport(db, request.params.id);
      if (!deletedCount) throw notFound('Report');
      return { acknowledged: true, deletedCount };
    },
  );
};
