import { useInfiniteQuery } from '@tanstack/react-query';
import type { UpdateResult } from '#shared/common';
import type { ListingReview, NotAsDescribedReport, PhotoReview } from '#shared/trust';
import { api, enc } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';
import { useRefreshAllMutation } from '#client/api/refreshAll';

/** GET /admin/listing-reviews: listings under review, oldest first. */
export const useListingReviews = () =>
  useInfiniteQuery(
    pagedListOptions<ListingReview>([...queryKeys.listingReviews, 'listings'], '/admin/listing-reviews'),
  );

/** GET /admin/verification-photos: verification photos waiting, oldest first. */
export const usePhotoReviews = () =>
  useInfiniteQuery(
    pagedListOptions<PhotoReview>([...queryKeys.listingReviews, 'photos'], '/admin/verification-photos'),
  );

/** GET /admin/not-as-described: buyers' reports, newest first. */
export const useNotAsDescribed = () =>
  useInfiniteQuery(
    pagedListOptions<NotAsDescribedReport>([...queryKeys.listingReviews, 'reports'], '/admin/not-as-described'),
  );

export type ReviewSubject = 'listing-reviews' | 'verification-photos';

export interface Decision {
  subject: ReviewSubject;
  id: string;
  /** Absent: approve; else the reason the seller reads. */
  reason?: string;
}

/** PUT /admin/{subject}/{id}/approve or /reject with the reason. */
function decide({ subject, id, reason }: Decision) {
  return api<UpdateResult>(`/admin/${subject}/${enc(id)}/${reason === undefined ? 'approve' : 'reject'}`, {
    method: 'PUT',
    ...(reason === undefined ? {} : { body: { reason } }),
    auth: true,
  });
}

export const useDecide = () => useRefreshAllMutation(decide, 'settled');
