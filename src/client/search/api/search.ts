import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult, Suggestions } from '#shared/search';
import { api } from '#client/api/http';
import { queryKeys } from '#client/api/queryKeys';

/** GET /search with the page's URL parameters as they are (the URL is the search's whole state). */
export const searchQueryOptions = (params: URLSearchParams) =>
  queryOptions({
    queryKey: queryKeys.search.results(params.toString()),
    queryFn: ({ signal }) => api<SearchResult>(`/search?${params.toString()}`, { signal }),
    // While the next answer loads, the previous results stay on screen.
    placeholderData: keepPreviousData,
  });

export const useSearch = (params: URLSearchParams) => useQuery(searchQueryOptions(params));

/** GET /search/suggestions: up to six phone names for what is typed so far. */
export const useSuggestions = (text: string) =>
  useQuery({
    queryKey: queryKeys.search.suggestions(text),
    queryFn: ({ signal }) => api<Suggestions>(`/search/suggestions?q=${encodeURIComponent(text)}`, { signal }),
    enabled: text.trim().length >= 2,
    select: (data) => data.suggestions,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
