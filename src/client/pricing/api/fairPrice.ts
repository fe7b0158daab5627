import { useQuery } from '@tanstack/react-query';
import type { FairPrice } from '#shared/fair-price';
import { api, enc } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/** GET /fair-price: what phones of this model and condition sell for, once both are known. */
export const useFairPrice = (productName: string, productCondition: string) =>
  useQuery({
    queryKey: queryKeys.fairPrice(productName.trim(), productCondition),
    queryFn: ({ signal }) =>
      api<FairPrice>(`/fair-price?productName=${enc(productName.trim())}&productCondition=${enc(productCondition)}`, {
        signal,
      }),
    enabled: productName.trim() !== '' && productCondition !== '',
  });
