import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import type { UpdateResult } from '#shared/common';
import { publicReads } from '#shared/page-reads';
import type { Product } from '#shared/products';
import type {
  DealReviews,
  HideReview,
  ReportedReview,
  Review,
  ReviewReply,
  ReviewReport,
  ReviewRequest,
  SellerProfile,
  WrittenReview,
} from '#shared/reviews';
import { api, apiPage, enc, type ApiPage } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { publicReadOptions } from '#client/api/publicReads';
import { queryKeys } from '#client/api/queryKeys';
import { useRefreshAllMutation } from '#client/api/refreshAll';

/** GET /sellers/{id}: the seller's public page (404 for anyone who does not sell). */
export const sellerQueryOptions = (id: string) =>
  publicReadOptions<SellerProfile>(queryKeys.sellers.profile(id), publicReads.seller(id));

/** The first page of the buyers' published reviews of a seller, newest first, with the total. */
export const sellerReviewsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.sellers.reviews(id),
    queryFn: ({ signal }) => apiPage<Review[]>(publicReads.sellerReviews(id), { signal }),
  });

/** The first page of the seller's phones for sale, with the total. */
export const sellerPhonesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.sellers.phones(id),
    queryFn: ({ signal }) => apiPage<Product[]>(publicReads.sellerPhones(id), { signal }),
  });

/** Page `page` (from 2) of a seller's reviews or phones, read when the visitor asks for more. */
const laterPageOptions = <T>(list: 'reviews' | 'phones', id: string, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.sellers[list](id), page],
    queryFn: ({ signal }) =>
      apiPage<T[]>(
        `${list === 'reviews' ? publicReads.sellerReviews(id) : publicReads.sellerPhones(id)}&page=${page}`,
        {
          signal,
        },
      ),
  });

/**
 * A seller's list as far as the visitor has asked: the first page (read with the page), then one
 * more page each time `more` is called, while the server announces another.
 */
export function useSellerList<T>(list: 'reviews' | 'phones', id: string, first: ApiPage<T[]>) {
  const [pages, setPages] = useState(1);
  const later = useQueries({
    queries: Array.from({ length: pages - 1 }, (_, index) => laterPageOptions<T>(list, id, index + 2)),
  });
  const read = [first, ...later.map((query) => query.data)];
  const last = read.at(-1);
  return {
    items: read.flatMap((page) => page?.items ?? []),
    total: first.total ?? first.items.length,
    loading: later.some((query) => query.isPending),
    error: later.find((query) => query.error)?.error ?? null,
    hasMore: Boolean(last?.next),
    more: () => setPages((count) => count + 1),
  };
}

/** GET /bookings/{id}/reviews: a deal's reviews as the caller's side sees them; off while `id` is null. */
export const useDealReviews = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.reviews.ofDeal(id ?? ''),
    queryFn: ({ signal }) => api<DealReviews>(`/bookings/${enc(id ?? '')}/reviews`, { signal, auth: true }),
    enabled: id !== null,
  });

// A review may publish both (the orders, the seller's page and the notifications change): read again.
export const useWriteReview = () =>
  useRefreshAllMutation(({ bookingId, review }: { bookingId: string; review: ReviewRequest }) =>
    api<WrittenReview>(`/bookings/${enc(bookingId)}/review`, { method: 'POST', body: review, auth: true }),
  );

export const useReplyToReview = () =>
  useRefreshAllMutation(({ id, reply }: ReviewReply & { id: string }) =>
    api<UpdateResult>(`/reviews/${enc(id)}/reply`, { method: 'PUT', body: { reply }, auth: true }),
  );

export const useReportReview = () =>
  useMutation({
    mutationFn: ({ id, reason }: ReviewReport & { id: string }) =>
      api<UpdateResult>(`/reviews/${enc(id)}/report`, { method: 'POST', body: { reason }, auth: true }),
  });

/** GET /all/reported/reviews (admin): reviews with open reports, the oldest report first. */
export const useReportedReviews = () =>
  useInfiniteQuery(pagedListOptions<ReportedReview>(queryKeys.reviews.reported, '/all/reported/reviews'));

/** The admin hides a review with a reason, or dismisses its reports: it leaves the list either way. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hide }: { id: string; hide?: HideReview }) =>
      api<UpdateResult>(`/reviews/${enc(id)}/${hide ? 'hide' : 'dismiss'}`, {
        method: 'PUT',
        body: hide,
        auth: true,
      }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
