import type { FastifyRequest } from 'fastify';
import { areaRoutes } from '#server/http/routes';
import { requestLanguage } from '#server/i18n/answer';
import { idParamsSchema, updateResultSchema } from '#shared/common';
import { productSchema } from '#shared/products';
import {
  dealReviewsSchema,
  hideReviewSchema,
  reportedReviewSchema,
  reviewReplySchema,
  reviewReportSchema,
  reviewRequestSchema,
  reviewSchema,
  sellerProfileSchema,
  writtenReviewSchema,
} from '#shared/reviews';
import { adminOnly, buyerOrSeller, callerOf } from '#server/auth/guards';
import { namedWrite, privateWrite, publicAnswer } from '#server/cache/hooks';
import { listedTags, tags } from '#server/cache/tags';
import { pagedList } from '#server/http/paging';
import { writeCall } from '#server/http/writes';
import { listProducts, toProducts } from '#server/products/repository';
import { decideReviewCase } from '#server/moderation/review-cases';
import { mayAct } from '#server/moderation/sanctions';
import { listReportedReviews, listSellerReviews } from './repository';
import {
  dealReviews,
  dismissReviewReports,
  hideReviewByAdmin,
  replyToReview,
  reportReview,
  sellerProfile,
  writeReview,
} from './service';

const byAdmin = { params: idParamsSchema, onRequest: adminOnly };

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
/** The seller as shown, and the published reviews (a seller's reviews list). */
const sellerTags = (request: FastifyRequest) => [tags.seller(idOf(request)), tags.reviews];
const sellerAnswer = publicAnswer(sellerTags);
/** A seller's page: the same, with the averages, and the count of sales, which moves as their list does. */
const sellerPageAnswer = publicAnswer((request) => [...sellerTags(request), tags.sellerList(idOf(request))]);

export const reviewRoutes = areaRoutes(async (app, deps) => {
  const { db, images } = deps;

  // Not a private write: the second side's review publishes both.
  app.post(
    '/bookings/:id/review',
    {
      schema: { params: idParamsSchema, body: reviewRequestSchema, response: { 201: writtenReviewSchema } },
      onRequest: [buyerOrSeller, mayAct('review')],
      config: namedWrite,
    },
    async (request, reply) =>
      reply.status(201).send(await writeReview(deps, callerOf(request).user.id, request.params.id, request.body)),
  );

  app.get(
    '/bookings/:id/reviews',
    { schema: { params: idParamsSchema, response: { 200: dealReviewsSchema } }, onRequest: buyerOrSeller },
    async (request) => dealReviews(db, callerOf(request).user.id, request.params.id, requestLanguage(request)),
  );

  const sellerReply = { params: idParamsSchema, body: reviewReplySchema, onRequest: [buyerOrSeller, mayAct('review')] };
  writeCall(app, 'PUT /reviews/:id/reply', 'updated', { ...sellerReply, config: namedWrite }, async (request) => {
    await replyToReview(db, callerOf(request).user.id, request.params.id, request.body.reply);
    return 1;
  });

  app.post(
    '/reviews/:id/report',
    {
      schema: { params: idParamsSchema, body: reviewReportSchema, response: { 201: updateResultSchema } },
      onRequest: buyerOrSeller,
      config: privateWrite,
    },
    async (request, reply) => {
      await reportReview(db, callerOf(request).user.id, request.params.id, request.body.reason);
      return reply.status(201).send({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    },
  );

  pagedList(app, '/all/reported/reviews', { item: reportedReviewSchema, onRequest: adminOnly }, (page) =>
    listReportedReviews(db, page),
  );

  const hide = { ...byAdmin, body: hideReviewSchema, config: namedWrite };
  writeCall(app, 'PUT /reviews/:id/hide', 'updated', hide, async (request) => {
    const { id } = request.params;
    const { reason } = request.body;
    const decided = await decideReviewCase(deps, callerOf(request).user, id, { action: 'hide_review', reason });
    // The admin's words are a note under "Other", as the queue's decision stores them.
    if (!decided) await hideReviewByAdmin(db, id, { code: 'other', note: reason });
    return 1;
  });

  writeCall(app, 'PUT /reviews/:id/dismiss', 'updated', { ...byAdmin, config: privateWrite }, async (request) => {
    const { id } = request.params;
    const decided = await decideReviewCase(deps, callerOf(request).user, id, { action: 'dismiss' });
    if (!decided) await dismissReviewReports(db, id);
    return 1;
  });

  // A seller's public page: the same for every visitor, kept until something changes.
  app.get(
    '/sellers/:id',
    { schema: { params: idParamsSchema, response: { 200: sellerProfileSchema } }, config: sellerPageAnswer },
    async (request) => sellerProfile(db, request.params.id),
  );

  pagedList(
    app,
    '/sellers/:id/reviews',
    { item: reviewSchema, params: idParamsSchema, config: sellerAnswer },
    async (page, request) => {
      await sellerProfile(db, request.params.id);
      return listSellerReviews(db, request.params.id, page);
    },
  );

  pagedList(
    app,
    '/sellers/:id/phones',
    {
      item: productSchema,
      params: idParamsSchema,
      config: publicAnswer((request, items) => [tags.sellerList(idOf(request)), ...listedTags(items)]),
    },
    async (page, request) => {
      await sellerProfile(db, request.params.id);
      const { rows, total } = await listProducts(db, { sellerId: request.params.id }, page);
      return { items: await toProducts(db, rows, images), total };
    },
  );
});
