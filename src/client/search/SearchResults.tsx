import { useState, type ReactNode } from 'react';
import { SEARCH_SORTS, SORT_LABELS, type SearchResult } from '#shared/search';
import { RESULTS_PER_PAGE } from '#shared/page-reads';
import { useSearch } from './api/search';
import { Button } from '#client/components/Button';
import { cx } from '#client/components/cx';
import { EmptyState } from '#client/components/EmptyState';
import { Select } from '#client/components/FormField';
import { Modal } from '#client/components/Modal';
import { ProductCard } from '#client/components/ProductCard';
import { Spinner } from '#client/components/Spinner';
import { useShownProducts } from '#client/chat/api/chat';
import { FilterPanel } from './FilterPanel';
import type { SearchState } from './searchState';

const FIRST_ROW = 3;

interface SearchResultsProps {
  state: SearchState;
  /** What an empty answer says when no filter is chosen (the category page keeps the spec's words). */
  emptyTitle: string;
  emptyDescription: ReactNode;
  /** Shown above the results once the answer is known, e.g. what the words were corrected to. */
  note?: (result: SearchResult) => ReactNode;
}

/** Filters (a side column on large screens, a panel on phones), sorting, the grid and its pages. */
export function SearchResults({ state, emptyTitle, emptyDescription, note }: SearchResultsProps) {
  const { data, isPending, isFetching, isPlaceholderData, error } = useSearch(state.apiParams);
  const shown = useShownProducts(data?.items ?? []);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sorts = SEARCH_SORTS.filter((sort) => sort !== 'best' || state.q.trim() !== '');
  const pages = data ? Math.max(1, Math.ceil(data.total / RESULTS_PER_PAGE)) : 1;

  return (
    <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside aria-label="Filters" className="hidden lg:block">
        <FilterPanel facets={data?.facets} state={state} />
      </aside>

      <section aria-label="Results" aria-busy={isFetching} className="min-w-0">
        {/* The cards' names are third-level headings: the outline needs this level between them and the page's title. */}
        <h2 className="sr-only">Results</h2>
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm text-ink-600" aria-live="polite">
            {data && `${data.total} ${data.total === 1 ? 'phone' : 'phones'}`}
            {isFetching && <Spinner label="Updating results" className="text-brand-600" />}
          </p>
          <div className="flex items-center gap-2">
            <Button variant="secondary" size="sm" className="lg:hidden" onClick={() => setFiltersOpen(true)}>
              Filters
            </Button>
            <label className="flex items-center gap-2 text-sm text-ink-700">
              <span className="whitespace-nowrap">Sort by</span>
              <Select
                name="sort"
                className="h-9 w-auto"
                value={data?.sort ?? state.sort ?? (state.q ? 'best' : 'newest')}
                onChange={(event) => state.update({ sort: event.target.value })}
              >
                {sorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </Select>
            </label>
          </div>
        </div>

        {data && note?.(data)}

        {error ? (
          <EmptyState tone="error" title="The search did not work" description={error.message} />
        ) : isPending ? (
          <div className="flex justify-center py-16 text-brand-600">
            <Spinner label="Searching" className="[&_svg]:size-8" />
          </div>
        ) : data.items.length === 0 ? (
          <EmptyState
            title={state.hasFilters ? 'No phone matches these filters' : emptyTitle}
            description={state.hasFilters ? 'Try fewer filters, or clear them all.' : emptyDescription}
            action={
              state.hasFilters && (
                <Button variant="secondary" onClick={state.clearFilters}>
                  Clear filters
                </Button>
              )
            }
          />
        ) : (
          <>
            <ul
              className={cx(
                'grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 xl:grid-cols-3',
                isPlaceholderData && 'opacity-60',
              )}
            >
              {shown.map((product, index) => (
                <li key={product._id}>
                  <ProductCard product={product} detailed aboveTheFold={index < FIRST_ROW} />
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-3">
                <Button variant="secondary" disabled={state.page <= 1} onClick={() => state.setPage(state.page - 1)}>
                  Previous
                </Button>
                <span className="text-sm text-ink-600">
                  Page {state.page} of {pages}
                </span>
                <Button
                  variant="secondary"
                  disabled={state.page >= pages}
                  onClick={() => state.setPage(state.page + 1)}
                >
                  Next
                </Button>
              </nav>
            )}
          </>
        )}
      </section>

      <Modal open={filtersOpen} onClose={() => setFiltersOpen(false)} title="Filters">
        <FilterPanel facets={data?.facets} state={state} />
        <Button className="mt-6 w-full" onClick={() => setFiltersOpen(false)}>
          Show {data?.total ?? 0} {data?.total === 1 ? 'phone' : 'phones'}
        </Button>
      </Modal>
    </div>
  );
}
