import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingRequest } from '#shared/bookings';
import type { InsertResult } from '#shared/common';
import { api } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/** POST /store/booking/product: the signed-in buyer books a phone by its id; the server fills in who and what. */
export function bookProduct(booking: BookingRequest & { productId: string }) {
  return api<InsertResult>('/store/booking/product', { method: 'POST', body: booking, auth: true });
}

export function useBookProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookProduct,
    // After a 409 too: the phone was booked meanwhile (in another tab, say), and the page should say so.
    onSettled: (_result, _error, booking) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.one(booking.productId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.productActivity.of(booking.productId) }),
      ]),
  });
}
