import { areaRoutes } from '#server/http/routes';
import { idParamsSchema } from '#shared/common';
import { reportedProductSchema, reportRequestSchema } from '#shared/reports';
import { adminOnly, callerOf, ownWrite } from '#server/auth/guards';
import { notFound } from '#server/errors';
import { pagedList } from '#server/http/paging';
import { writeCall } from '#server/http/writes';
import { privateWrite } from '#server/cache/hooks';
import { deleteReport, listReportedProducts } from './repository';
import { reportListing } from '#server/moderation/reports';

export const reportRoutes = areaRoutes(async (app, deps) => {
  const { db, images } = deps;

  const report = { body: reportRequestSchema, ...ownWrite };
  writeCall(app, 'POST /report/product', 'inserted', report, (request) => {
    const { product_id, ...reason } = request.body;
    return reportListing(deps, callerOf(request).user.id, product_id, reason);
  });

  pagedList(app, '/all/reported/products', { item: reportedProductSchema, onRequest: adminOnly }, (page) =>
    listReportedProducts(db, images, page),
  );

  // Deletes the report only; the client deletes the listing itself in a second call.
  const reported = { params: idParamsSchema, onRequest: adminOnly, config: privateWrite };
  writeCall(app, 'DELETE /reported/product/delete/:id', 'deleted', reported, async (request) => {
    const deletedCount = await deleteReport(db, request.params.id);
    if (!deletedCount) throw notFound('Report');
    return deletedCount;
  });
});
