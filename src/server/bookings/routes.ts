import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingMoveResultSchema,
  bookingReasonSchema,
  bookingRequestItemSchema,
  bookingRequestSchema,
  buyerOrderSchema,
} from '../../shared/bookings';
import {
  emailQuerySchema,
  idParamsSchema,
  insertResultSchema,
  pageQuerySchema,
  updateResultSchema,
} from '../../shared/common';
import { assertOwnEmail, callerOf, requireRole } from '../auth/guards';
import { optionalBody } from '../http/empty-body';
import { sendPage } from '../http/paging';
import { acceptBooking, cancelBooking, declineBooking, markSoldElsewhere, sellToBuyer } from './deal';
import { listOrdersOfBuyer, listRequestsOfSeller } from './repository';
import { bookProduct } from './service';

const buyerOnly = requireRole('buyer');
const sellerOnly = requireRole('seller');
const buyerOrSeller = requireRole('buyer', 'seller');

const move = { params: idParamsSchema, response: { 200: bookingMoveResultSchema } };
const moveWithReason = { ...move, body: bookingReasonSchema };

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
      schema: {
        querystring: emailQuerySchema.extend(pageQuerySchema.shape),
        response: { 200: buyerOrderSchema.array() },
      },
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

  app.get(
    '/bookings/requests',
    {
      schema: { querystring: pageQuerySchema, response: { 200: bookingRequestItemSchema.array() } },
      onRequest: sellerOnly,
    },
    async (request, reply) => {
      const { items, total } = await listRequestsOfSeller(db, callerOf(request).user.id, request.query);
      return sendPage(request, reply, request.query, items, total);
    },
  );

  app.put('/bookings/:id/accept', { schema: move, onRequest: sellerOnly }, async (request) => ({
    _id: request.params.id,
    status: await acceptBooking(deps, callerOf(request).user.id, request.params.id),
  }));

  app.put(
    '/bookings/:id/decline',
    { schema: moveWithReason, onRequest: sellerOnly, config: optionalBody },
    async (request) => ({
      _id: request.params.id,
      status: await declineBooking(deps, callerOf(request).user.id, request.params.id, request.body.reason || null),
    }),
  );

  app.put(
    '/bookings/:id/cancel',
    { schema: moveWithReason, onRequest: buyerOrSeller, config: optionalBody },
    async (request) => ({
      _id: request.params.id,
      status: await cancelBooking(deps, callerOf(request).user.id, request.params.id, request.body.reason || null),
    }),
  );

  app.put('/bookings/:id/sold', { schema: move, onRequest: sellerOnly }, async (request) => ({
    _id: request.params.id,
    status: await sellToBuyer(deps, callerOf(request).user.id, request.params.id),
  }));

  app.put(
    '/sold/product/:id',
    { schema: { params: idParamsSchema, response: { 200: updateResultSchema } }, onRequest: sellerOnly },
    async (request) => {
      const modifiedCount = await markSoldElsewhere(deps, callerOf(request).user.id, request.params.id);
      return { acknowledged: true, matchedCount: 1, modifiedCount };
    },
  );
};
