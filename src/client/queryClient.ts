import { QueryClient } from '@tanstack/react-query';
import { isWorthRetrying } from '#client/api/http';

const FIVE_MINUTES = 5 * 60 * 1000;
const MAX_RETRIES = 3;
/** A screen opened this soon after its data arrived (a route loader fetched it) does not ask again. */
const JUST_FETCHED_MS = 1000;

/**
 * The spec's caching numbers (section 9): unused data is kept 5 minutes (gcTime), and a failed query
 * is retried 3 times from 1 s doubling to at most 30 s. Data counts as stale at once (TanStack's
 * default staleTime 0), so a screen shows what others changed as soon as it is opened again, such as
 * a seller the admin has just verified; only data that arrived less than a second before (a route's
 * loader fetched it for the very screen that now opens) and was not invalidated since is not asked
 * for again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: FIVE_MINUTES,
      refetchOnMount: (query) => query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= JUST_FETCHED_MS,
      retry: (failures, error) => failures < MAX_RETRIES && isWorthRetrying(error),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    },
  },
});
