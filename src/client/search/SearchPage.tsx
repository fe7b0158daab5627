import type { ReactNode } from 'react';
import { PageHeader } from '#client/components/PageHeader';
import { SearchResults } from './SearchResults';
import { useSearchState } from './searchState';
import { Msg, useT } from '#client/i18n';

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
