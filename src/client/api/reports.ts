import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsertResult } from '../../shared/common';
import { api } from './http';
import { reportedProductsKeys } from './reportedProducts';

/** POST /report/product: a signed-in user flags a listing for the admin (once per listing). */
export function reportProduct(productId: string) {
  return api<InsertResult>('/report/product', { method: 'POST', body: { product_id: productId }, auth: true });
}

export function useReportProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportedProductsKeys.all }),
  });
}
