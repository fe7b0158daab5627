import { useInfiniteQuery } from '@tanstack/react-query';
import type { BookingMoveResult, BookingReason } from '#shared/bookings';
import type { RequestWithReview } from '#shared/reviews';
import type { UpdateResult } from '#shared/common';
import { api, enc } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';
import { useRefreshAllMutation } from '#client/api/refreshAll';

/** GET /bookings/requests (sellers): the requests on the seller's phones, open ones first. */
export const useBookingRequests = () =>
  useInfiniteQuery(pagedListOptions<RequestWithReview>(queryKeys.bookingRequests, '/bookings/requests'));

export type BookingMove = 'accept' | 'decline' | 'cancel' | 'sold';

export interface MoveVariables extends BookingReason {
  id: string;
  move: BookingMove;
  /** For `sold`: the final price the seller confirmed. */
  finalPrice?: number;
}

/** PUT /bookings/{id}/{move}: the seller accepts, declines or sells; either side cancels. */
function moveBooking({ id, move, reason, finalPrice }: MoveVariables) {
  const body =
    move === 'decline' || move === 'cancel'
      ? { reason: reason?.trim() || undefined }
      : move === 'sold'
        ? { finalPrice, deregistered: true }
        : undefined;
  return api<BookingMoveResult>(`/bookings/${enc(id)}/${move}`, {
    method: 'PUT',
    body,
    auth: true,
  });
}

/** PUT /sold/product/{id}: the seller sold the phone outside PhoneHaat, at the final price confirmed. */
function markSoldElsewhere({ id, finalPrice }: { id: string; finalPrice?: number }) {
  return api<UpdateResult>(`/sold/product/${enc(id)}`, {
    method: 'PUT',
    body: { finalPrice, deregistered: true },
    auth: true,
  });
}

// A refused move (answered in another tab, reserved for someone else) means the screen is stale too.
export const useMoveBooking = () => useRefreshAllMutation(moveBooking, 'settled');
export const useMarkSoldElsewhere = () => useRefreshAllMutation(markSoldElsewhere, 'settled');
