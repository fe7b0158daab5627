import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/http';

const FIVE_MINUTES = 5 * 60 * 1000;
const MAX_RETRIES = 3;

/** A refusal (4xx) will not change on a second try; a network failure or a 5xx may. */
function isWorthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/** The spec's caching numbers (section 9): 5 minutes' lifetime, 3 retries from 1 s doubling to at most 30 s. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: FIVE_MINUTES,
      gcTime: FIVE_MINUTES,
      retry: (failures, error) => failures < MAX_RETRIES && isWorthRetrying(error),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    },
  },
});
