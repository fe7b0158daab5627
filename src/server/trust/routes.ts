import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '#shared/zod';
import { idParamsSchema, updateResultSchema } from '#shared/common';
import {
  listingReviewSchema,
  notAsDescribedReportSchema,
  notAsDescribedRequestSchema,
  photoReviewSchema,
  rejectRequestSchema,
  verificationPhotoRequestSchema,
  type NotAsDescribedSubject,
} from '#shared/trust';
import { callerOf, requireRole } from '#server/auth/guards';
import { namedWrite, privateWrite } from '#server/cache/hooks';
import { pagedList } from '#server/http/paging';
import { imageFileName, thumbFileName } from '#server/uploads/names';
import { reportNotAsDescribed } from './not-as-described';
import { decideVerificationPhoto, sendVerificationPhoto } from './photo';
import { notAsDescribedPage, pendingPhotos, pendingReviews, reasonsOf } from './repository';
import { decideListing } from './service';

const adminOnly = requireRole('admin');
const sellerOnly = requireRole('seller');
const buyerOrSeller = requireRole('buyer', 'seller');

const updated = (modifiedCount: number) => ({ acknowledged: true, matchedCount: 1, modifiedCount });
const decision = { params: idParamsSchema, response: { 200: updateResultSchema } };
const rejection = { ...decision, body: rejectRequestSchema };

/** The verification photo, the admin's review queues and buyers' "not as described" (docs/trust.md). */
export const trustRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db, images } = deps;
  const thumbOf = (uploadId: string) => images.urlOf(thumbFileName(uploadId));

  // Pending is seen by the admin alone, so nothing public changes until the admin approves.
  app.put(
    '/products/:id/verification-photo',
    { schema: { ...decision, body: verificationPhotoRequestSchema }, onRequest: sellerOnly, config: privateWrite },
    async (request) =>
      updated(await sendVerificationPhoto(deps, callerOf(request).user.id, request.params.id, request.body.photo)),
  );

  pagedList(app, '/admin/listing-reviews', { item: listingReviewSchema, onRequest: adminOnly }, async (page) => {
    const { rows, total } = await pendingReviews(db, page);
    const items = rows.map((row) => ({
      productId: row.id,
      productName: row.product_name,
      brand: row.brand,
      resalePrice: row.resale_price,
      sellerName: row.seller_name,
      sellerEmail: row.seller_email,
      reasons: reasonsOf(row),
      modelMedian: row.review_model_median,
      imeiLast4: row.imei_last4,
      productThumb: thumbOf(row.image_id),
      postedOn: row.posted_at,
    }));
    return { items, total };
  });

  app.put(
    '/admin/listing-reviews/:id/approve',
    { schema: decision, onRequest: adminOnly, config: namedWrite },
    async (request) => updated(await decideListing(deps, request.params.id, null)),
  );
  // A rejected listing was never public: nothing cached changes.
  app.put(
    '/admin/listing-reviews/:id/reject',
    { schema: rejection, onRequest: adminOnly, config: privateWrite },
    async (request) => updated(await decideListing(deps, request.params.id, request.body.reason)),
  );

  pagedList(app, '/admin/verification-photos', { item: photoReviewSchema, onRequest: adminOnly }, async (page) => {
    const { rows, total } = await pendingPhotos(db, page);
    const items = rows.map((row) => ({
      productId: row.id,
      productName: row.product_name,
      sellerName: row.seller_name,
      verificationCode: row.verification_code ?? '',
      photo: images.urlOf(imageFileName(row.verification_photo_id as string)),
      productThumb: thumbOf(row.image_id),
      sentOn: row.photo_sent_at as string,
    }));
    return { items, total };
  });

  app.put(
    '/admin/verification-photos/:id/approve',
    { schema: decision, onRequest: adminOnly, config: namedWrite },
    async (request) => updated(await decideVerificationPhoto(deps, request.params.id, null)),
  );
  app.put(
    '/admin/verification-photos/:id/reject',
    { schema: rejection, onRequest: adminOnly, config: privateWrite },
    async (request) => updated(await decideVerificationPhoto(deps, request.params.id, request.body.reason)),
  );

  app.post(
    '/bookings/:id/not-as-described',
    {
      schema: {
        params: idParamsSchema,
        body: notAsDescribedRequestSchema,
        response: { 201: z.object({ acknowledged: z.boolean() }) },
      },
      onRequest: buyerOrSeller,
      config: privateWrite,
    },
    async (request, reply) => {
      await reportNotAsDescribed(db, callerOf(request).user.id, request.params.id, request.body);
      return reply.status(201).send({ acknowledged: true });
    },
  );

  pagedList(
    app,
    '/admin/not-as-described',
    { item: notAsDescribedReportSchema, onRequest: adminOnly },
    async (page) => {
      const { rows, total } = await notAsDescribedPage(db, page);
      const items = rows.map((row) => ({
        id: row.id,
        productId: row.product_id,
        productName: row.product_name,
        buyerName: row.buyer_name,
        sellerName: row.seller_name ?? 'Deleted account',
        item: row.item as NotAsDescribedSubject,
        details: row.details,
        reportedOn: row.reported_at,
      }));
      return { items, total };
    },
  );
};
