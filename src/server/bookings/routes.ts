import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingMoveResultSchema, bookingReasonSchema, bookingRequestSchema } from '#shared/bookings';
import { orderWithReviewSchema, requestWithReviewSchema } from '#shared/reviews';
import { withReviewStates } from '#server/reviews/repository';
import { idParamsSchema, insertResultSchema, updateResultSchema } from '#shared/common';
import { callerOf, requireRole } from '#server/auth/guards';
import { optionalBody } from '#server/http/empty-body';
import { pagedList } from '#server/http/paging';
import { mayAct } from '#server/moderation/sanctions';
import { acceptBooking, cancelBooking, declineBooking, markSoldElsewhere, sellToBuyer } from './deal';
import { listOrdersOfBuyer, listRequestsOfSeller } from './repository';
import { bookProduct } from './service';
import { soldRequestSchema } from '#shared/fair-price';
import { namedWrite } from '#server/cache/hooks';

const sellerOnly = requireRole('seller');
// Every account but the admin's buys, sellers included (one account buys and sells); and either
// side of a booking may call it off.
const buyerOrSeller = requireRole('buyer', 'seller');

const move = { params: idParamsSchema, response: { 200: bookingMoveResultSchema } };
const moveWithReason = { ...move, body: bookingReasonSchema };

/** A write of a booking whose changes to public answers (the phone reserved or sold) its repositories name. */
const namedOptionalBody = { ...optionalBody, ...namedWrite };

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;

  app.post(
    '/store/booking/product',
    {
      schema: { body: bookingRequestSchema, response: { 201: insertResultSchema } },
      onRequest: [buyerOrSeller, mayAct('book')],
      config: namedWrite,
    },
    async (request, reply) => {
      const insertedId = await bookProduct(deps, callerOf(request).user, request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  // Each with the caller's review state once sold (docs/reviews.md).
  pagedList(
    app,
    '/orders',
    { item: orderWithReviewSchema, onRequest: buyerOrSeller, ownEmail: true },
    async (page, request) => {
      const userId = callerOf(request).user.id;
      return withReviewStates(db, userId, await listOrdersOfBuyer(db, userId, page));
    },
  );

  pagedList(
    app,
    '/bookings/requests',
    { item: requestWithReviewSchema, onRequest: sellerOnly },
    async (page, request) => {
      const userId = callerOf(request).user.id;
      return withReviewStates(db, userId, await listRequestsOfSeller(db, userId, page));
    },
  );

  app.put('/bookings/:id/accept', { schema: move, onRequest: sellerOnly, config: namedWrite }, async (request) => ({
    _id: request.params.id,
    status: await acceptBooking(deps, callerOf(request).user.id, request.params.id),
  }));

  // The seller declines a request; either side cancels. Both may say why.
  for (const [path, end, guard] of [
    ['/bookings/:id/decline', declineBooking, sellerOnly],
    ['/bookings/:id/cancel', cancelBooking, buyerOrSeller],
  ] as const) {
    app.put(path, { schema: moveWithReason, onRequest: guard, config: namedOptionalBody }, async (request) => ({
      _id: request.params.id,
      status: await end(deps, callerOf(request).user.id, request.params.id, request.body.reason || null),
    }));
  }

  // The body (optional): the final price the seller confirms, for fair prices, and that a phone
  // listed with its IMEI is de-registered from NEIR (docs/trust.md).
  app.put(
    '/bookings/:id/sold',
    { schema: { ...move, body: soldRequestSchema }, onRequest: sellerOnly, config: namedOptionalBody },
    async (request) => ({
      _id: request.params.id,
      status: await sellToBuyer(deps, callerOf(request).user.id, request.params.id, request.body),
    }),
  );

  app.put(
    '/sold/product/:id',
    {
      schema: { params: idParamsSchema, body: soldRequestSchema, response: { 200: updateResultSchema } },
      onRequest: sellerOnly,
      config: namedOptionalBody,
    },
    async (request) => {
      const modifiedCount = await markSoldElsewhere(deps, callerOf(request).user.id, request.params.id, request.body);
      return { acknowledged: true, matchedCount: 1, modifiedCount };
    },
  );
};
