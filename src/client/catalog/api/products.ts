import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { MyProductActivity, Product } from '#shared/products';
import { publicReads } from '#shared/page-reads';
import { api, enc } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/** GET /advertised_products: the listings sellers paid to show on the home page. */
export const advertisedProductsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.products.advertised,
    queryFn: ({ signal }) => api<Product[]>(publicReads.advertised, { signal }),
  });

export const useAdvertisedProducts = () => useQuery(advertisedProductsQueryOptions());

/** GET /all/phones: the newest listings, whose photos fill the home banner. */
export const bannerPhonesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.products.banner,
    queryFn: ({ signal }) => api<Product[]>(publicReads.bannerPhones, { signal }),
  });

export const useBannerPhones = () => useQuery(bannerPhonesQueryOptions());

/** GET /addvertise/product/{id}: one listing with every detail (404 for an unknown id). */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.one(id),
    queryFn: ({ signal }) => api<Product>(publicReads.product(id), { signal }),
  });

export const useProduct = (id: string) => useSuspenseQuery(productQueryOptions(id));

/** GET /product/{id}/mine: whether the signed-in user (`email`, null when signed out) booked or reported it. */
export const useMyProductActivity = (id: string, email: string | null) =>
  useQuery({
    queryKey: queryKeys.productActivity.mine(id, email ?? ''),
    queryFn: ({ signal }) => api<MyProductActivity>(`/product/${enc(id)}/mine`, { signal, auth: true }),
    enabled: email !== null,
  });
