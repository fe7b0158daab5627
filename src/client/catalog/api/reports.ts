import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsertResult } from '#shared/common';
import type { ReportRequest } from '#shared/reports';
import { api } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/** POST /report/product: a signed-in user flags a listing for the admin (once per listing). */
export function reportProduct(request: ReportRequest) {
  return api<InsertResult>('/report/product', { method: 'POST', body: request, auth: true });
}

export function useReportProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportProduct,
    onSettled: (_result, _error, { product_id: productId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reportedProducts }),
        // A 409 means it was reported already (in another tab, say): the page learns that too.
        queryClient.invalidateQueries({ queryKey: queryKeys.products.one(productId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.productActivity.of(productId) }),
      ]),
  });
}
