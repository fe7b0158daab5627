import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingRequestSchema, orderSchema } from '../../shared/bookings';
import { emailQuerySchema, insertResultSchema, pageQuerySchema } from '../../shared/common';
import { assertOwnEmail, callerOf, requireRole } from '../auth/guards';
import { sendPage } from '../http/paging';
import { listOrdersOfBuyer } from './repository';
import { bookProduct } from './service';

const buyerOnly = requireRole('buyer');

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;

  app.post(
    '/store/booking/product',
    { schema: { body: bookingRequestSchema, response: { 201: insertResultSchema } }, onRequest: buyerOnly },
    async (request, reply) => {
      const insertedId = await bookProduct(deps, callerOf(request).user, request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.get(
    '/orders',
    {
      schema: { querystring: emailQuerySchema.extend(pageQuerySchema.shape), response: { 200: orderSchema.array() } },
      onRequest: buyerOnly,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      assertOwnEmail(caller, request.query.email);
      const { page, limit } = request.query;
      const { items, total } = await listOrdersOfBuyer(db, caller.user.id, { page, limit });
      return sendPage(request, reply, { page, limit }, items, total);
    },
  );
};
