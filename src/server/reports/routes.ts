import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteResultSchema, idParamsSchema, insertResultSchema } from '#shared/common';
import { reportedProductSchema, reportRequestSchema } from '#shared/reports';
import { callerOf, requireRole, signedIn } from '#server/auth/guards';
import { notFound } from '#server/errors';
import { pagedList } from '#server/http/paging';
import { deleteReport, listReportedProducts } from './repository';
import { reportProduct } from './service';

const adminOnly = requireRole('admin');

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, images } = app.deps;

  app.post(
    '/report/product',
    { schema: { body: reportRequestSchema, response: { 201: insertResultSchema } }, onRequest: signedIn },
    async (request, reply) => {
      const insertedId = await reportProduct(db, callerOf(request).user.id, request.body.product_id);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  pagedList(app, '/all/reported/products', { item: reportedProductSchema, onRequest: adminOnly }, (page) =>
    listReportedProducts(db, images, page),
  );

  // Deletes the report only; the client deletes the listing itself in a second call.
  app.delete(
    '/reported/product/delete/:id',
    { schema: { params: idParamsSchema, response: { 200: deleteResultSchema } }, onRequest: adminOnly },
    async (request) => {
      const deletedCount = await deleteReport(db, request.params.id);
      if (!deletedCount) throw notFound('Report');
      return { acknowledged: true, deletedCount };
    },
  );
};
