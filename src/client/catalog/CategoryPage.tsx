import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { categoryInfoQueryOptions, useCategoryInfo } from './api/categories';
import { searchQueryOptions } from '#client/search/api/search';
import { PageHeader } from '#client/components/PageHeader';
import { SearchResults } from '#client/search/SearchResults';
import { apiParamsOf, useSearchState } from '#client/search/searchState';
import { useT } from '#client/i18n';
import { useCategoryText } from './categoryText';

/** The category (404 for an unknown id) and its first page of phones, fetched together. */
export function categoryLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const id = params.id ?? '';
    await Promise.all([
      queryClient.ensureQueryData(categoryInfoQueryOptions(id)),
      queryClient.prefetchQuery(searchQueryOptions(apiParamsOf(new URL(request.url).searchParams, { category: id }))),
    ]);
    return null;
  };
}

/** A category's phones with the search's filters and sorting, scoped to the category. */
export function CategoryPage() {
  const id = useParams().id ?? '';
  const { data: category } = useCategoryInfo(id);
  const state = useSearchState({ category: id });
  const t = useT();
  const text = useCategoryText()(category);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      {/* Base data, in Bangla from the API's own fields (nameBn, descriptionBn). */}
      <PageHeader
        title={<span data-user-text>{text.name}</span>}
        description={<span data-user-text>{text.description}</span>}
      />
      <SearchResults
        state={state}
        emptyTitle={t('catalog.category.emptyTitle')}
        emptyDescription={t('catalog.category.emptyDescription')}
      />
    </div>
  );
}
