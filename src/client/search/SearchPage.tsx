import { PageHeader } from '#client/components/PageHeader';
import { SearchResults } from './SearchResults';
import { useSearchState } from './searchState';

/** /search?q=...: the results of the header's search box, with every filter in the URL. */
export function SearchPage() {
  const state = useSearchState();
  const q = state.q.trim();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <PageHeader
        title={q ? `Results for “${q}”` : 'All phones'}
        description="Narrow down by brand, price, condition and where the seller is."
      />
      <SearchResults
        state={state}
        emptyTitle="No phone found"
        emptyDescription="Check the spelling, or search for fewer words."
        note={(result) => (
          <>
            {result.searchedFor && (
              <p className="mb-4 text-sm text-ink-600">
                Showing results for <strong className="font-semibold text-ink-900">{result.searchedFor}</strong>
              </p>
            )}
            {result.closest && (
              <p className="mb-4 rounded-card border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-ink-700">
                No phone matches all of{' '}
                <strong className="font-semibold text-ink-900">{result.searchedFor ?? q}</strong>. These are the
                closest: they match most of the words.
              </p>
            )}
          </>
        )}
      />
    </div>
  );
}
