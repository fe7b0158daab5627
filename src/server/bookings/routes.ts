import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingMoveResultSchema,
  bookingReasonSchema,
  bookingRequestItemSchema,
  bookingRequestSchema,
  buyerOrderSchema,
} from '#shared/bookings';
import { idParamsSchema, insertResultSchema, updateResultSchema } from '#shared/common';
import { callerOf, requireRole } from '#server/auth/guards';
import { optionalBody } from '#server/http/empty-body';
import { pagedList } from '#server/http/paging';
import { soldRequestSchema } from '#shared/trust';
import { acceptBooking, cancelBooking, declineBooking, markSoldElsewhere, sellToBuyer } from './deal';
import { listOrdersOfBuyer, listRequestsOfSeller } from './repository';
import { bookProduct } from './service';

const sellerOnly = requireRole('seller');
// Every account but the admin's buys, sellers included (one account buys and sells); and either
// side of a booking may call it off.
const buyerOrSeller = requireRole('buyer', 'seller');

const move = { params: idParamsSchema, response: { 200: bookingMoveResultSchema } };
const moveWithReason = { ...move, body: bookingReasonSchema };

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;

  app.post(
    '/store/booking/product',
    { schema: { body: bookingRequestSchema, response: { 201: insertResultSchema } }, onRequest: buyerOrSeller },
    async (request, reply) => {
      const insertedId = await bookProduct(deps, callerOf(request).user, request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  pagedList(app, '/orders', { item: buyerOrderSchema, onRequest: buyerOrSeller, ownEmail: true }, (page, request) =>
    listOrdersOfBuyer(db, callerOf(request).user.id, page),
  );

  pagedList(app, '/bookings/requests', { item: bookingRequestItemSchema, onRequest: sellerOnly }, (page, request) =>
    listRequestsOfSeller(db, callerOf(request).user.id, page),
  );

  app.put('/bookings/:id/accept', { schema: move, onRequest: sellerOnly }, async (request) => ({
    _id: request.params.id,
    status: await acceptBooking(deps, callerOf(request).user.id, request.params.id),
  }));

  // The seller declines a request; either side cancels. Both may say why.
  for (const [path, end, guard] of [
    ['/bookings/:id/decline', declineBooking, sellerOnly],
    ['/bookings/:id/cancel', cancelBooking, buyerOrSeller],
  ] as const) {
    app.put(path, { schema: moveWithReason, onRequest: guard, config: optionalBody }, async (request) => ({
      _id: request.params.id,
      status: await end(deps, callerOf(request).user.id, request.params.id, request.body.reason || null),
    }));
  }

  // A phone listed with its IMEI is sold once the seller confirms its NEIR de-registration (docs/trust.md).
  app.put(
    '/bookings/:id/sold',
    { schema: { ...move, body: soldRequestSchema }, onRequest: sellerOnly, config: optionalBody },
    async (request) => ({
      _id: request.params.id,
      status: await sellToBuyer(deps, callerOf(request).user.id, request.params.id, request.body.deregistered === true),
    }),
  );

  app.put(
    '/sold/product/:id',
    {
      schema: { params: idParamsSchema, body: soldRequestSchema, response: { 200: updateResultSchema } },
      onRequest: sellerOnly,
      config: optionalBody,
    },
    async (request) => {
      const { params, body } = request;
      const modifiedCount = await markSoldElsewhere(
        deps,
        callerOf(request).user.id,
        params.id,
        body.deregistered === true,
      );
      return { acknowledged: true, matchedCount: 1, modifiedCount };
    },
  );
};
