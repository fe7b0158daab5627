import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '#client/components/PageHeader';
import { categoriesQueryOptions } from '#client/catalog/api/categories';
import { searchQueryOptions } from './api/search';
import { SearchResults } from './SearchResults';
import { apiParamsOf, useSearchState } from './searchState';
import { Msg, useT } from '#client/i18n';

/**
 * Starts the search of the address, and the categories its filter names in Bangla, without waiting
 * for them: the server's renderer waits for every read a loader started (the page arrives with its
 * results), while in the browser a word typed or a filter chosen changes the address at once and the
 * previous results stay on screen, dimmed, until the new ones come (SearchResults), as before.
 */
export function searchLoader(queryClient: QueryClient) {
  return ({ request }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(searchQueryOptions(apiParamsOf(new URL(request.url).searchParams)));
    void queryClient.prefetchQuery(categoriesQueryOptions());
    return null;
  };
}

/** The words searched for, as the person typed them (or as they were corrected): never translated. */
const typed = (chunks: ReactNode) => (
  <strong className="font-semibold text-ink-900" data-user-text>
    {chunks}
  </strong>
);

/** /search?q=...: the results of the header's search box, with every filter in the URL. */
export function SearchPage() {
  const state = useSearchState();
  const t = useT();
  const q = state.q.trim();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <PageHeader
        title={q ? t('search.page.resultsFor', { q }) : t('search.page.all')}
        description={t('search.page.description')}
      />
      <SearchResults
        state={state}
        emptyTitle={t('search.page.emptyTitle')}
        emptyDescription={t('search.page.emptyDescription')}
        note={(result) => (
          <>
            {result.searchedFor && (
              <p className="mb-4 text-sm text-ink-600">
                <Msg id="search.page.showingFor" values={{ words: result.searchedFor, b: typed }} />
              </p>
            )}
            {result.closest && (
              <p className="mb-4 rounded-card border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-ink-700">
                <Msg id="search.page.closest" values={{ words: result.searchedFor ?? q, b: typed }} />
              </p>
            )}
          </>
        )}
      />
    </div>
  );
}
