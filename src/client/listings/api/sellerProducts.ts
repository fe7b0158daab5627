import { queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { UpdateResult } from '#shared/common';
import type { EditProductResult, MyProduct, StoreProductRequest, StoreProductResult } from '#shared/products';
import { api, apiDelete, enc } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';
import { useRefreshAllMutation } from '#client/api/refreshAll';

/** GET /products?email= (that seller only): the seller's own listings. */
const myProductsQueryOptions = (email: string) =>
  pagedListOptions<MyProduct>(queryKeys.sellerProducts(email), `/products?email=${enc(email)}`);

export const useMyProducts = (email: string) => useInfiniteQuery(myProductsQueryOptions(email));

/** GET /products/{id}: one of the seller's own listings, whatever its state (under review too). */
export const myProductQueryOptions = (email: string, id: string) =>
  queryOptions({
    queryKey: [...queryKeys.sellerProducts(email), 'one', id],
    queryFn: ({ signal }) => api<MyProduct>(`/products/${enc(id)}`, { signal, auth: true }),
  });

/** POST /store_products: lists a phone; the server fills in the seller from the session. */
export function storeProduct(product: StoreProductRequest) {
  return api<StoreProductResult>('/store_products', { method: 'POST', body: product, auth: true });
}

/** PUT /edit/product/{id}: changes one of the seller's unsold listings; its id stays. */
export function editProduct({ id, product }: { id: string; product: StoreProductRequest }) {
  return api<EditProductResult>(`/edit/product/${enc(id)}`, { method: 'PUT', body: product, auth: true });
}

/** PUT /products/{id}/verification-photo: the photo of the phone beside its code, for the admin (docs/trust.md). */
function sendVerificationPhoto({ id, photo }: { id: string; photo: string }) {
  return api<UpdateResult>(`/products/${enc(id)}/verification-photo`, { method: 'PUT', body: { photo }, auth: true });
}
export const useSendVerificationPhoto = () => useRefreshAllMutation(sendVerificationPhoto);

/** PUT /hide/product/{id} or /show/product/{id}: takes a listing off sale, or puts it back. */
function setProductHidden({ id, hidden }: { id: string; hidden: boolean }) {
  return api<UpdateResult>(`/${hidden ? 'hide' : 'show'}/product/${enc(id)}`, { method: 'PUT', auth: true });
}

/** DELETE /delete/product/{id}: the seller removes one of their listings. */
function deleteMyProduct(id: string) {
  return apiDelete(`/delete/product/${enc(id)}`);
}

/** PUT /advertise/product/{id}: puts the listing in the home page's Advertised Phone section. */
export function advertiseProduct(id: string) {
  return api<UpdateResult>(`/advertise/product/${enc(id)}`, { method: 'PUT', auth: true });
}

/** DELETE /advertise/product/{id}: takes the listing out of the Advertised Phone section again. */
function stopAdvertising(id: string) {
  return api<UpdateResult>(`/advertise/product/${enc(id)}`, { method: 'DELETE', auth: true });
}

export const useStoreProduct = () => useRefreshAllMutation(storeProduct);
export const useEditProduct = () => useRefreshAllMutation(editProduct);
export const useSetProductHidden = () => useRefreshAllMutation(setProductHidden);
export const useDeleteMyProduct = () => useRefreshAllMutation(deleteMyProduct);
export const useAdvertiseProduct = () => useRefreshAllMutation(advertiseProduct);
export const useStopAdvertising = () => useRefreshAllMutation(stopAdvertising);
