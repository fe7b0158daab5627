import { hydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { isWorthRetrying } from '#client/api/http';

const FIVE_MINUTES = 5 * 60 * 1000;
const MAX_RETRIES = 3;
/** A screen opened this soon after its data arrived (a route loader fetched it) does not ask again. */
const JUST_FETCHED_MS = 1000;

/**
 * Whether a page the server rendered is taking over (hydrating). Its screens mount with the answers
 * it was rendered from, which are current; loading their code and the first render may take
 * seconds on a slow phone, and they must not ask for those answers again meanwhile.
 */
let hydrating = false;

/**
 * Whether a screen that mounts asks for its data again: when it was invalidated, or when it arrived a
 * second or more ago, except while the page hydrates.
 */
const refetchOnMount = (query: Query): boolean =>
  query.state.isInvalidated || (!hydrating && Date.now() - query.state.dataUpdatedAt >= JUST_FETCHED_MS);

/**
 * The spec's caching numbers (section 9): unused data is kept 5 minutes (gcTime), and a failed query
 * is retried 3 times from 1 s doubling to at most 30 s. Data counts as stale at once (TanStack's
 * default staleTime 0), so a screen shows what others changed as soon as it is opened again, such as
 * a seller the admin has just verified; only data that arrived less than a second before (a route's
 * loader fetched it for the very screen that now opens), or that the page was rendered from while it
 * hydrates, and was not invalidated since is not asked for again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: FIVE_MINUTES,
      refetchOnMount,
      retry: (failures, error) => failures < MAX_RETRIES && isWorthRetrying(error),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    },
  },
});

/**
 * The server sends the answers a page was rendered from without a time (so that the page's bytes
 * depend on its data only, render/entry.tsx): they arrived now.
 */
function arrivedNow(queries: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...queries,
    queries: queries.queries.map((query) => ({
      ...query,
      dehydratedAt: now,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  };
}

/** Takes in the answers a server-rendered page came with; they count as just fetched until `hydrated()`. */
export function hydrateFromServer(queries: DehydratedState): void {
  hydrate(queryClient, arrivedNow(queries));
  hydrating = true;
}

/** The page's first render has committed, its screens mounted: from now on data is asked for again as usual. */
export function hydrated(): void {
  hydrating = false;
}
