import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { publicReadOptions } from '#client/api/publicReads';
import type { Category } from '#shared/categories';
import { publicReads } from '#shared/page-reads';
import { queryKeys } from '#client/api/queryKeys';

/** GET /categoires: every category, for the home grid and the Add Product select. */
export const categoriesQueryOptions = () => ({
  ...publicReadOptions<Category[]>(queryKeys.categories.all, publicReads.categories),
  // Base data: nothing in the app changes the categories, so asking again would only cost a request.
  staleTime: Infinity,
});

export const useCategories = () => useQuery(categoriesQueryOptions());

/** GET /categoryinfo?id=: the name and description heading a category page (404 for an unknown id). */
export const categoryInfoQueryOptions = (id: string) =>
  publicReadOptions<Category>(queryKeys.categories.info(id), publicReads.categoryInfo(id));

export const useCategoryInfo = (id: string) => useSuspenseQuery(categoryInfoQueryOptions(id));
