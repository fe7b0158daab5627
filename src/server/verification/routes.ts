import { areaRoutes } from '#server/http/routes';
import { deleteResultSchema, emailQuerySchema } from '#shared/common';
import { applyVerificationRequestSchema, ownVerificationSchema, verificationRequestSchema } from '#shared/users';
import { adminOnly, assertOwnEmail, callerOf, sellerOnly } from '#server/auth/guards';
import { pagedList } from '#server/http/paging';
import { writeCall } from '#server/http/writes';
import { deleteRequestOfEmail, listPendingRequests } from './repository';
import { applyForVerification, verificationOf } from './service';
import { changesState } from '#server/http/same-origin';
import { privateWrite } from '#server/cache/hooks';

export const verificationRoutes = areaRoutes(async (app, { db }) => {
  // The spec's client sends name, email and photoURL; only the email is checked, the account decides the rest.
  const application = { body: applyVerificationRequestSchema, onRequest: sellerOnly, config: privateWrite };
  writeCall(app, 'POST /seller/verification', 'inserted', application, (request) => {
    const caller = callerOf(request);
    assertOwnEmail(caller, request.body.email);
    return applyForVerification(db, caller.user);
  });

  app.get(
    '/seller/verification',
    { schema: { response: { 200: ownVerificationSchema } }, onRequest: sellerOnly },
    async (request) => verificationOf(db, callerOf(request).user),
  );

  pagedList(app, '/unverifiedsellers', { item: verificationRequestSchema, onRequest: adminOnly }, (page) =>
    listPendingRequests(db, page),
  );

  // The client calls this right after PUT /verify_seller, also for a seller who never applied, so
  // "no request" is a deletedCount of 0 rather than a 404.
  app.get(
    '/deleteSellerVerification',
    {
      schema: { querystring: emailQuerySchema, response: { 200: deleteResultSchema } },
      onRequest: adminOnly,
      config: changesState,
    },
    async (request) => ({
      acknowledged: true,
      deletedCount: await deleteRequestOfEmail(db, request.query.email.trim()),
    }),
  );
});
