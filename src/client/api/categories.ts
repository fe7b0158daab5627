import {
  infiniteQueryOptions,
  queryOptions,
  useQuery,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';
import type { Category } from '../../shared/categories';
import type { Product } from '../../shared/products';
import { api, apiPage, enc, type ApiPage } from './http';

export const categoriesKeys = {
  all: ['categories'] as const,
  info: (id: string) => ['categories', id] as const,
  products: (id: string) => ['products', 'category', id] as const,
};

/** GET /categoires: every category, for the home grid and the Add Product select. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesKeys.all,
    queryFn: ({ signal }) => api<Category[]>('/categoires', { signal }),
    // Base data: nothing in the app changes the categories, so asking again would only cost a request.
    staleTime: Infinity,
  });

export const useCategories = () => useQuery(categoriesQueryOptions());

/** GET /categoryinfo?id=: the name and description heading a category page (404 for an unknown id). */
export const categoryInfoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: categoriesKeys.info(id),
    queryFn: ({ signal }) => api<Category>(`/categoryinfo?id=${enc(id)}`, { signal }),
  });

export const useCategoryInfo = (id: string) => useSuspenseQuery(categoryInfoQueryOptions(id));

const CATEGORY_PAGE_SIZE = 24;

/** GET /category/{id}: the category's phones, newest first, a page at a time. */
export const categoryProductsQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: categoriesKeys.products(id),
    queryFn: ({ pageParam, signal }) =>
      apiPage<Product[]>(`/category/${enc(id)}?page=${pageParam}&limit=${CATEGORY_PAGE_SIZE}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: ApiPage<Product[]>, _pages, lastPage: number) => (last.next ? lastPage + 1 : undefined),
  });

export const useCategoryProducts = (id: string) => useSuspenseInfiniteQuery(categoryProductsQueryOptions(id));
