import { areaRoutes } from '#server/http/routes';
import { z } from '#shared/zod';
import { idParamsSchema } from '#shared/common';
import {
  listingReviewSchema,
  notAsDescribedReportSchema,
  notAsDescribedRequestSchema,
  photoReviewSchema,
  rejectRequestSchema,
  verificationPhotoRequestSchema,
  type NotAsDescribedSubject,
} from '#shared/trust';
import { adminOnly, buyerOrSeller, callerOf, sellerOnly } from '#server/auth/guards';
import { namedWrite, privateWrite } from '#server/cache/hooks';
import { requestLanguage } from '#server/i18n/answer';
import { localText, write } from '#server/i18n/texts';
import { buyerNameIn } from '#server/bookings/reasons';
import { pagedList } from '#server/http/paging';
import { writeCall } from '#server/http/writes';
import { imageFileName, thumbFileName } from '#server/uploads/names';
import { reportNotAsDescribed } from './not-as-described';
import { decideVerificationPhoto, sendVerificationPhoto } from './photo';
import { notAsDescribedPage, pendingPhotos, pendingReviews, reasonsOf } from './repository';
import { decideListing } from './service';

const decision = { params: idParamsSchema, onRequest: adminOnly, config: namedWrite };
// A rejected listing was never public: nothing cached changes.
const rejection = { ...decision, body: rejectRequestSchema, config: privateWrite };
// A rejected photo changes the listing's trust marks, which it names.
const photoRejection = { ...decision, body: rejectRequestSchema };

/** The verification photo, the admin's review queues and buyers' "not as described" (docs/trust.md). */
export const trustRoutes = areaRoutes(async (app, deps) => {
  const { db, images } = deps;
  /** What each review queue says of the listing itself. */
  const listingOf = (row: { id: string; product_name: string; image_id: string }) => ({
    productId: row.id,
    productName: row.product_name,
    productThumb: images.urlOf(thumbFileName(row.image_id)),
  });

  // Pending is seen by the admin alone: nothing public changes, unless it replaces an approved photo.
  const photo = {
    params: idParamsSchema,
    body: verificationPhotoRequestSchema,
    onRequest: sellerOnly,
    config: namedWrite,
  };
  writeCall(app, 'PUT /products/:id/verification-photo', 'updated', photo, (request) =>
    sendVerificationPhoto(deps, callerOf(request).user.id, request.params.id, request.body.photo),
  );

  pagedList(app, '/admin/listing-reviews', { item: listingReviewSchema, onRequest: adminOnly }, async (page) => {
    const { rows, total } = await pendingReviews(db, page);
    const items = rows.map((row) => ({
      ...listingOf(row),
      brand: row.brand,
      resalePrice: row.resale_price,
      sellerName: row.seller_name,
      sellerEmail: row.seller_email,
      reasons: reasonsOf(row),
      modelMedian: row.review_model_median,
      imeiLast4: row.imei_last4,
      postedOn: row.posted_at,
    }));
    return { items, total };
  });

  writeCall(app, 'PUT /admin/listing-reviews/:id/approve', 'updated', decision, (request) =>
    decideListing(deps, request.params.id, null),
  );
  writeCall(app, 'PUT /admin/listing-reviews/:id/reject', 'updated', rejection, (request) =>
    decideListing(deps, request.params.id, request.body.reason),
  );

  pagedList(app, '/admin/verification-photos', { item: photoReviewSchema, onRequest: adminOnly }, async (page) => {
    const { rows, total } = await pendingPhotos(db, page);
    const items = rows.map((row) => ({
      ...listingOf(row),
      sellerName: row.seller_name,
      verificationCode: row.verification_code ?? '',
      photo: images.urlOf(imageFileName(row.verification_photo_id as string)),
      sentOn: row.photo_sent_at as string,
    }));
    return { items, total };
  });

  writeCall(app, 'PUT /admin/verification-photos/:id/approve', 'updated', decision, (request) =>
    decideVerificationPhoto(deps, request.params.id, null),
  );
  writeCall(app, 'PUT /admin/verification-photos/:id/reject', 'updated', photoRejection, (request) =>
    decideVerificationPhoto(deps, request.params.id, request.body.reason),
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
    async (page, request) => {
      const { rows, total } = await notAsDescribedPage(db, page);
      const language = requestLanguage(request);
      const items = rows.map((row) => ({
        id: row.id,
        productId: row.product_id,
        productName: row.product_name,
        buyerName: buyerNameIn(row, language),
        sellerName: row.seller_name ?? write(language, localText('server.bookings.deletedAccount')),
        item: row.item as NotAsDescribedSubject,
        details: row.details,
        reportedOn: row.reported_at,
      }));
      return { items, total };
    },
  );
});
