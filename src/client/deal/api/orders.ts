import { useInfiniteQuery } from '@tanstack/react-query';
import type { BuyerOrder } from '#shared/bookings';
import { enc } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';

/** GET /orders?email= (that buyer only): the buyer's bookings. */
const myOrdersQueryOptions = (email: string) =>
  pagedListOptions<BuyerOrder>(queryKeys.orders.mine(email), `/orders?email=${enc(email)}`);

export const useMyOrders = (email: string) => useInfiniteQuery(myOrdersQueryOptions(email));
