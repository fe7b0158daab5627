import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MakeOffer, Offer } from '#shared/offers';
import { api, enc } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/** An offer's move changes the conversation and, once accepted, the deal's lists and the phone's page. */
const refreshAfterOffer = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.chat.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.bookingRequests }),
  ]);

/** POST /conversations/{id}/offers: the buyer's price (and note). */
export function useMakeOffer(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: MakeOffer) =>
      api<Offer>(`/conversations/${enc(conversationId)}/offers`, { method: 'POST', body: offer, auth: true }),
    onSuccess: () => refreshAfterOffer(queryClient),
  });
}

export type OfferMove = 'accept' | 'counter' | 'decline' | 'withdraw';

/** PUT /offers/{id}/{move}: accept, counter (with the seller's price), decline or withdraw. */
export function useMoveOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move, price }: { id: string; move: OfferMove; price?: number }) =>
      api<Offer>(`/offers/${enc(id)}/${move}`, {
        method: 'PUT',
        auth: true,
        ...(price === undefined ? {} : { body: { price } }),
      }),
    onSuccess: () => refreshAfterOffer(queryClient),
  });
}
