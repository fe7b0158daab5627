import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { hydrated, hydrateFromServer, queryClient } from './queryClient';

const KEY = ['search', 'results', 'category=iphone&limit=24'];
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
