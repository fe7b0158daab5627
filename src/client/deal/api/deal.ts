import { useInfiniteQuery } from '@tanstack/react-query';
import type { BookingMoveResult, BookingReason, BookingRequestItem } from '#shared/bookings';
import type { UpdateResult } from '#shared/common';
import { api, enc } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';
import { useRefreshAllMutation } from '#client/api/refreshAll';

/** GET /bookings/requests (sellers): the requests on the seller's phones, open ones first. */
export const useBookingRequests = () =>
  useInfiniteQuery(pagedListOptions<BookingRequestItem>(queryKeys.bookingRequests, '/bookings/requests'));

type Move = 'accept' | 'decline' | 'cancel' | 'sold';

interface MoveVariables extends BookingReason {
  id: string;
  move: Move;
}

/** PUT /bookings/{id}/{move}: the seller accepts, declines or sells; either side cancels. */
function moveBooking({ id, move, reason }: MoveVariables) {
  // Selling is confirmed with the NEIR de-registration first (docs/trust.md).
  const body =
    move === 'decline' || move === 'cancel'
      ? { reason: reason?.trim() || undefined }
      : move === 'sold'
        ? { deregistered: true }
        : undefined;
  return api<BookingMoveResult>(`/bookings/${enc(id)}/${move}`, {
    method: 'PUT',
    body,
    auth: true,
  });
}

/** PUT /sold/product/{id}: the seller sold the phone outside PhoneHaat. */
function markSoldElsewhere(productId: string) {
  return api<UpdateResult>(`/sold/product/${enc(productId)}`, {
    method: 'PUT',
    body: { deregistered: true },
    auth: true,
  });
}

// A refused move (answered in another tab, reserved for someone else) means the screen is stale too.
export const useMoveBooking = () => useRefreshAllMutation(moveBooking, 'settled');
export const useMarkSoldElsewhere = () => useRefreshAllMutation(markSoldElsewhere, 'settled');
