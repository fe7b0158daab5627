import { useSearchParams } from 'react-router';
import { RESULTS_PER_PAGE } from '#shared/page-reads';
import type { SearchSort } from '#shared/search';

/** The URL parameters of a search; a missing or empty one means the filter is off. */
const FILTER_PARAMS = [
  'category',
  'brand',
  'condition',
  'minPrice',
  'maxPrice',
  'goodPrice',
  'district',
  'verified',
  'posted',
  'grade',
  'origin',
  'minBattery',
  'imeiChecked',
  'photoVerified',
] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

/** What GET /search is asked for a page's URL; a route loader and its screen ask the same. */
export function apiParamsOf(params: URLSearchParams, fixed: Partial<Record<FilterParam, string>> = {}) {
  const apiParams = new URLSearchParams(params);
  for (const [key, value] of Object.entries(fixed)) if (value) apiParams.set(key, value);
  apiParams.set('limit', String(RESULTS_PER_PAGE));
  return apiParams;
}

/**
 * The search's state is the URL: it can be shared and bookmarked, and Back restores it. Every
 * change is a new history entry and starts again at page 1.
 */
export function useSearchState(fixed: Partial<Record<FilterParam, string>> = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const apiParams = apiParamsOf(params, fixed);
  const hasFilters = FILTER_PARAMS.some((key) => !(key in fixed) && params.get(key));
  return {
    params,
    apiParams,
    q: params.get('q') ?? '',
    sort: (params.get('sort') ?? undefined) as SearchSort | undefined,
    page,
    hasFilters,
    fixed,
    update,
    setPage: (to: number) => update({ page: to > 1 ? String(to) : undefined }),
    clearFilters: () => update(Object.fromEntries(FILTER_PARAMS.map((key) => [key, undefined]))),
  };
}
export type SearchState = ReturnType<typeof useSearchState>;
