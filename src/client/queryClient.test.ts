import { dehydrate, focusManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { hydrated, hydrateFromServer, queryClient } from './queryClient';

const KEY = ['search', 'results', 'category=iphone&limit=24'];
/** The same search in another order, as the sort select asks for it. */
const SORTED_KEY = ['search', 'results', 'category=iphone&limit=24&sort=price_asc'];
/** Longer than any "just fetched" time: a slow phone loading the screen's code and rendering it. */
const SLOW_HYDRATION_MS = 5000;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  hydrated();
  queryClient.clear();
  vi.useRealTimers();
});

/** The answers a page was rendered from, as the server sends them. */
function renderedPage() {
  const server = new QueryClient();
  server.setQueryData(KEY, { phones: ['rendered'] });
  return dehydrate(server);
}

/** A screen reading KEY mounts; answers how many times it asked the server. */
async function mountScreen(): Promise<number> {
  const queryFn = vi.fn(async () => ({ phones: ['read again'] }));
  const unsubscribe = new QueryObserver(queryClient, { queryKey: KEY, queryFn }).subscribe(() => {});
  await vi.advanceTimersByTimeAsync(0);
  unsubscribe();
  return queryFn.mock.calls.length;
}

it('a page that takes long to hydrate does not ask again for the answers it was rendered from', async () => {
  hydrateFromServer(renderedPage());
  await vi.advanceTimersByTimeAsync(SLOW_HYDRATION_MS);
  expect(await mountScreen()).toBe(0);
});

it('once the page has hydrated, a screen opened later asks for its data again', async () => {
  hydrateFromServer(renderedPage());
  await vi.advanceTimersByTimeAsync(SLOW_HYDRATION_MS);
  hydrated();
  expect(await mountScreen()).toBe(1);
});

it('data invalidated while the page hydrates is asked for again', async () => {
  hydrateFromServer(renderedPage());
  await queryClient.invalidateQueries({ queryKey: KEY, refetchType: 'none' });
  expect(await mountScreen()).toBe(1);
});

it('after hydration, data fetched less than a second before a screen opens is not asked for again', async () => {
  hydrateFromServer(renderedPage());
  hydrated();
  expect(await mountScreen()).toBe(0);
  await vi.advanceTimersByTimeAsync(1000);
  expect(await mountScreen()).toBe(1);
});

/** What the route's loader does when the address changes: fetches the screen's new data first. */
async function loaderFetches(queryKey: string[]): Promise<void> {
  await queryClient.prefetchQuery({ queryKey, queryFn: async () => ({ phones: ['from the loader'] }) });
}

it('a screen that moves to the key its route loader has just fetched (a new sort) does not ask again', async () => {
  const queryFn = vi.fn(async () => ({ phones: ['read again'] }));
  await loaderFetches(KEY);
  const screen = new QueryObserver(queryClient, { queryKey: KEY, queryFn });
  const unsubscribe = screen.subscribe(() => {});
  await loaderFetches(SORTED_KEY);
  screen.setOptions({ queryKey: SORTED_KEY, queryFn });
  await vi.advanceTimersByTimeAsync(0);
  expect(queryFn).not.toHaveBeenCalled();

  // Back to the first order a second later: that answer is no longer fresh.
  await vi.advanceTimersByTimeAsync(1000);
  screen.setOptions({ queryKey: KEY, queryFn });
  await vi.advanceTimersByTimeAsync(0);
  unsubscribe();
  expect(queryFn).toHaveBeenCalledTimes(1);
});

it('the window regaining focus asks again for data that arrived a second or more ago, not for fresher', async () => {
  const queryFn = vi.fn(async () => ({ phones: ['read again'] }));
  // As the app's provider does: the client listens to the window's focus.
  queryClient.mount();
  await loaderFetches(KEY);
  const unsubscribe = new QueryObserver(queryClient, { queryKey: KEY, queryFn }).subscribe(() => {});
  focusManager.setFocused(false);
  focusManager.setFocused(true);
  await vi.advanceTimersByTimeAsync(1000);
  expect(queryFn).not.toHaveBeenCalled();
  focusManager.setFocused(false);
  focusManager.setFocused(true);
  await vi.advanceTimersByTimeAsync(0);
  unsubscribe();
  queryClient.unmount();
  focusManager.setFocused(undefined);
  expect(queryFn).toHaveBeenCalledTimes(1);
});
