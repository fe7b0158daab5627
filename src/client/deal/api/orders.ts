import { useInfiniteQuery } from '@tanstack/react-query';
import type { OrderWithReview } from '#shared/reviews';
import { enc } from '#client/api/http';
import { pagedListOptions } from '#client/api/pagedList';
import { queryKeys } from '#client/api/queryKeys';

/** GET /orders?email= (that buyer only): the buyer's bookings, each with its review state once sold. */
const myOrdersQueryOptions = (email: string) =>
  pagedListOptions<OrderWithReview>(queryKeys.orders.mine(email), `/orders?email=${enc(email)}`);

export const useMyOrders = (email: string) => useInfiniteQuery(myOrdersQueryOptions(email));
