import { areaRoutes } from '#server/http/routes';
import { bookingMoveResultSchema, bookingReasonSchema, bookingRequestSchema } from '#shared/bookings';
import { orderWithReviewSchema, requestWithReviewSchema } from '#shared/reviews';
import { withReviewStates } from '#server/reviews/repository';
import { idParamsSchema } from '#shared/common';
import { buyerOrSeller, callerOf, sellerOnly } from '#server/auth/guards';
import { optionalBody } from '#server/http/empty-body';
import { pagedList } from '#server/http/paging';
import { writeCall } from '#server/http/writes';
import { mayAct } from '#server/moderation/sanctions';
import { acceptBooking, cancelBooking, declineBooking, markSoldElsewhere, sellToBuyer } from './deal';
import { listOrdersOfBuyer, listRequestsOfSeller } from './repository';
import { bookProduct } from './service';
import { soldRequestSchema } from '#shared/fair-price';
import { namedWrite, privateWrite } from '#server/cache/hooks';
import { requestLanguage } from '#server/i18n/answer';

const move = { params: idParamsSchema, response: { 200: bookingMoveResultSchema } };
const moveWithReason = { ...move, body: bookingReasonSchema };

/** A write of a booking whose changes to public answers (the phone reserved or sold) its repositories name. */
const namedOptionalBody = { ...optionalBody, ...namedWrite };

export const bookingRoutes = areaRoutes(async (app, deps) => {
  const { db } = deps;

  // A request reserves nothing (only an accepted booking shows on the phone): it names nothing.
  const booking = { body: bookingRequestSchema, onRequest: [buyerOrSeller, mayAct('book')], config: privateWrite };
  writeCall(app, 'POST /store/booking/product', 'inserted', booking, (request) =>
    bookProduct(deps, callerOf(request).user, request.body),
  );

  // Each with the caller's review state once sold (docs/reviews.md).
  pagedList(
    app,
    '/orders',
    { item: orderWithReviewSchema, onRequest: buyerOrSeller, ownEmail: true },
    async (page, request) => {
      const userId = callerOf(request).user.id;
      return withReviewStates(db, userId, await listOrdersOfBuyer(db, userId, page, requestLanguage(request)));
    },
  );

  pagedList(
    app,
    '/bookings/requests',
    { item: requestWithReviewSchema, onRequest: sellerOnly },
    async (page, request) => {
      const userId = callerOf(request).user.id;
      return withReviewStates(db, userId, await listRequestsOfSeller(db, userId, page, requestLanguage(request)));
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

  const sold = { params: idParamsSchema, body: soldRequestSchema, onRequest: sellerOnly, config: namedOptionalBody };
  writeCall(app, 'PUT /sold/product/:id', 'updated', sold, (request) =>
    markSoldElsewhere(deps, callerOf(request).user.id, request.params.id, request.body),
  );
});
