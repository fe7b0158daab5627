import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { publicReadOptions } from '#client/api/publicReads';
import type { MyProductActivity, Product } from '#shared/products';
import { publicReads } from '#shared/page-reads';
import { api, enc } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/** GET /advertised_products: the listings sellers paid to show on the home page. */
export const advertisedProductsQueryOptions = () =>
  publicReadOptions<Product[]>(queryKeys.products.advertised, publicReads.advertised);

export const useAdvertisedProducts = () => useQuery(advertisedProductsQueryOptions());

/** GET /all/phones: the newest listings, whose photos fill the home banner. */
export const bannerPhonesQueryOptions = () =>
  publicReadOptions<Product[]>(queryKeys.products.banner, publicReads.bannerPhones);

export const useBannerPhones = () => useQuery(bannerPhonesQueryOptions());

/** GET /addvertise/product/{id}: one listing with every detail (404 for an unknown id). */
export const productQueryOptions = (id: string) =>
  publicReadOptions<Product>(queryKeys.products.one(id), publicReads.product(id));

export const useProduct = (id: string) => useSuspenseQuery(productQueryOptions(id));

/** GET /product/{id}/mine: whether the signed-in user (`email`, null when signed out) booked or reported it. */
export const useMyProductActivity = (id: string, email: string | null) =>
  useQuery({
    queryKey: queryKeys.productActivity.mine(id, email ?? ''),
    queryFn: ({ signal }) => api<MyProductActivity>(`/product/${enc(id)}/mine`, { signal, auth: true }),
    enabled: email !== null,
  });
