import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useRefreshingMutation } from '#client/api/refreshAll';
import type { DeleteResult, InsertResult, UpdateResult } from '#shared/common';
import type { ApplyVerificationRequest, OwnVerification, SellerVerifyCheck, VerificationRequest } from '#shared/users';
import { api, enc } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';

/** What the admin's request table shows of a seller asking to be verified. */
export type UnverifiedSeller = Pick<VerificationRequest, '_id' | 'name' | 'email' | 'photoURL'>;

/** GET /unverifiedsellers (admin). */
const unverifiedSellersQueryOptions = () =>
  pagedListOptions<UnverifiedSeller>(queryKeys.verification.requests, '/unverifiedsellers');

export const useUnverifiedSellers = () => useInfiniteQuery(unverifiedSellersQueryOptions());

/** GET /checkSellerVerify?email=: whether that seller is verified. */
const sellerVerifiedQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.sellerVerified.of(email),
    queryFn: ({ signal }) => api<SellerVerifyCheck>(`/checkSellerVerify?email=${enc(email)}`, { signal }),
  });

export const useSellerVerified = (email: string) => useQuery(sellerVerifiedQueryOptions(email));

/** GET /seller/verification: whether the signed-in seller has a request waiting for an admin. */
export const useOwnVerification = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.verification.own,
    queryFn: ({ signal }) => api<OwnVerification>('/seller/verification', { auth: true, signal }),
    enabled,
  });

/** POST /seller/verification: the signed-in seller asks to be verified (a second request is refused). */
export function applyForVerification(application: ApplyVerificationRequest) {
  return api<InsertResult>('/seller/verification', { method: 'POST', body: application, auth: true });
}

// A 409 means a request is already on file: the notice should say so instead of offering the button.
export const useApplyForVerification = () =>
  useRefreshingMutation(applyForVerification, () => [queryKeys.verification.all], 'settled');

/**
 * Verifies a seller (PUT /verify_seller) and, once the seller really changed, removes their request
 * (GET /deleteSellerVerification). Answers whether the seller changed: false means already verified.
 */
export async function verifySeller(email: string): Promise<boolean> {
  const { modifiedCount } = await api<UpdateResult>(`/verify_seller?email=${enc(email)}`, {
    method: 'PUT',
    auth: true,
  });
  if (modifiedCount === 0) return false;
  await api<DeleteResult>(`/deleteSellerVerification?email=${enc(email)}`, { auth: true });
  return true;
}

export const useVerifySeller = () =>
  useRefreshingMutation(
    verifySeller,
    () => [queryKeys.users('seller'), queryKeys.verification.all, queryKeys.sellerVerified.all],
    'settled',
  );
