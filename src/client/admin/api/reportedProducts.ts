import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResult } from '#shared/common';
import type { ReportedProduct } from '#shared/reports';
import { api, enc } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';

/** GET /all/reported/products (admin). */
const reportedProductsQueryOptions = () =>
  pagedListOptions<ReportedProduct>(queryKeys.reportedProducts, '/all/reported/products');

export const useReportedProducts = () => useInfiniteQuery(reportedProductsQueryOptions());

/**
 * Takes a reported product down: first the report, then, only if the report was really deleted,
 * the listing itself. Answers whether the listing was deleted.
 */
async function deleteReportedProduct(report: Pick<ReportedProduct, '_id' | 'product_id'>): Promise<boolean> {
  const reportDeleted = await api<DeleteResult>(`/reported/product/delete/${enc(report._id)}`, {
    method: 'DELETE',
    auth: true,
  });
  if (reportDeleted.deletedCount === 0) return false;
  const productDeleted = await api<DeleteResult>(`/product/delete/${enc(report.product_id)}`, {
    method: 'DELETE',
    auth: true,
  });
  return productDeleted.deletedCount > 0;
}

export function useDeleteReportedProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReportedProduct,
    // A deleted listing leaves every list that showed it; otherwise only the reports may have changed.
    onSettled: (productDeleted) =>
      productDeleted
        ? queryClient.invalidateQueries()
        : queryClient.invalidateQueries({ queryKey: queryKeys.reportedProducts }),
  });
}
