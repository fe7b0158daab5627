import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { apiPage, type ApiPage } from './http';

const PAGE_SIZE = 20;

/** What a screen renders of a paged list: every row fetched so far and the server's total. */
export interface PagedRows<T> {
  rows: T[];
  total: number | null;
}

function pagePath(path: string, page: number): string {
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}page=${page}&limit=${PAGE_SIZE}`;
}

/**
 * A signed-in list that the server pages (X-Total-Count, Link rel="next"): pages are counted from 1
 * and another one is asked for only while the server announces a next page.
 */
export function pagedListOptions<T>(queryKey: QueryKey, path: string) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiPage<T[]>(pagePath(path, pageParam), { auth: true, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: ApiPage<T[]>, _pages, lastPage: number) => (last.next ? lastPage + 1 : undefined),
    select: (data: InfiniteData<ApiPage<T[]>, number>): PagedRows<T> => ({
      rows: data.pages.flatMap((page) => page.items),
      total: data.pages.at(-1)?.total ?? null,
    }),
  });
}
