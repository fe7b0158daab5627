import { useRefreshingMutation } from '#client/api/refreshAll';
import type { InsertResult } from '#shared/common';
import type { ReportRequest } from '#shared/reports';
import { api } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/** POST /report/product: a signed-in user flags a listing for the admin (once per listing). */
export function reportProduct(request: ReportRequest) {
  return api<InsertResult>('/report/product', { method: 'POST', body: request, auth: true });
}

export const useReportProduct = () =>
  useRefreshingMutation(
    reportProduct,
    // A 409 means it was reported already (in another tab, say): the page learns that too.
    ({ product_id: productId }) => [
      queryKeys.reportedProducts,
      queryKeys.products.one(productId),
      queryKeys.productActivity.of(productId),
    ],
    'settled',
  );
