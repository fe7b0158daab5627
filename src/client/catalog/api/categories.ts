import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { Category } from '#shared/categories';
import { publicReads } from '#shared/page-reads';
import { api } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/** GET /categoires: every category, for the home grid and the Add Product select. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories.all,
    queryFn: ({ signal }) => api<Category[]>(publicReads.categories, { signal }),
    // Base data: nothing in the app changes the categories, so asking again would only cost a request.
    staleTime: Infinity,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());

/** GET /categoryinfo?id=: the name and description heading a category page (404 for an unknown id). */
export const categoryInfoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.categories.info(id),
    queryFn: ({ signal }) => api<Category>(publicReads.categoryInfo(id), { signal }),
  });

export const useCategoryInfo = (id: string) => useSuspenseQuery(categoryInfoQueryOptions(id));
