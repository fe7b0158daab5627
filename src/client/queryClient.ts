import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { isWorthRetrying } from '#client/api/http';

const FIVE_MINUTES = 5 * 60 * 1000;
const MAX_RETRIES = 3;
/** Data this fresh (a route's loader fetched it for the screen that now shows it) is not asked for again. */
const JUST_FETCHED_MS = 1000;

/**
 * Whether a page the server rendered is taking over (hydrating). Its screens mount with the answers
 * it was rendered from, which are current; loading their code and the first render may take
 * seconds on a slow phone, and they must not ask for those answers again meanwhile.
 */
let hydrating = false;

/**
 * How long data counts as fresh, so that no screen asks for it again: a second after it arrived, and
 * for as long as the page hydrates. Data invalidated since is stale whatever this says (TanStack).
 */
const staleTime = (): number => (hydrating ? Infinity : JUST_FETCHED_MS);

/**
 * The spec's caching numbers (section 9): unused data is kept 5 minutes (gcTime), and a failed query
 * is retried 3 times from 1 s doubling to at most 30 s. Data counts as stale almost at once, so a
 * screen shows what others changed as soon as it is opened again, such as a seller the admin has just
 * verified; only data that arrived less than a second before (a route's loader fetched it for the
 * very screen that now opens, or that now moves to it as a sort or filter changes), or that the page
 * was rendered from while it hydrates, and was not invalidated since is not asked for again. One
 * staleTime says it for every occasion to ask: a screen mounting, its key changing, the window
 * regaining focus, the network coming back, a loader prefetching.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: FIVE_MINUTES,
      staleTime,
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
