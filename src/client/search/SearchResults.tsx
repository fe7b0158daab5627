import { useState, type ReactNode } from 'react';
import { SEARCH_SORTS, type SearchResult } from '#shared/search';
import { RESULTS_PER_PAGE } from '#shared/page-reads';
import { useSearch } from './api/search';
import { Button } from '#client/components/Button';
import { cx } from '#client/components/cx';
import { EmptyState } from '#client/components/EmptyState';
import { Select } from '#client/components/FormField';
import { Modal } from '#client/components/Modal';
import { ProductCard } from '#client/components/ProductCard';
import { ListSpinner, Spinner } from '#client/components/Spinner';
import { useShownProducts } from '#client/chat/api/chat';
import { AlertMeButton } from '#client/alerts/AlertMeButton';
import { FilterPanel } from './FilterPanel';
import type { SearchState } from './searchState';
import { Msg, useErrorText, useT } from '#client/i18n';

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
  const t = useT();
  const errorText = useErrorText();
  const sorts = SEARCH_SORTS.filter((sort) => sort !== 'best' || state.q.trim() !== '');
  const pages = data ? Math.max(1, Math.ceil(data.total / RESULTS_PER_PAGE)) : 1;
  // A search of very many phones counts a sample of them on the server: its counts say "about".
  const estimate = data?.totalIsEstimate === true;

  return (
    <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside aria-label={t('search.results.filters')} className="hidden lg:block">
        <FilterPanel facets={data?.facets} estimate={estimate} state={state} />
      </aside>

      <section aria-label={t('search.results.results')} aria-busy={isFetching} className="min-w-0">
        {/* The cards' names are third-level headings: the outline needs this level between them and the page's title. */}
        <h2 className="sr-only">
          <Msg id="search.results.results" />
        </h2>
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2 text-sm text-ink-600" aria-live="polite">
            {data && t(estimate ? 'search.results.countAbout' : 'search.results.count', { count: data.total })}
            {isFetching && <Spinner label={t('search.results.updating')} className="text-brand-600" />}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <AlertMeButton state={state} />
            <Button variant="secondary" size="sm" className="lg:hidden" onClick={() => setFiltersOpen(true)}>
              <Msg id="search.results.filters" />
            </Button>
            <label className="flex items-center gap-2 text-sm text-ink-700">
              <span className="whitespace-nowrap">
                <Msg id="search.results.sortBy" />
              </span>
              <Select
                name="sort"
                className="h-9 w-auto"
                value={data?.sort ?? state.sort ?? (state.q ? 'best' : 'newest')}
                onChange={(event) => state.update({ sort: event.target.value })}
              >
                {sorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`search.results.sort.${sort}`)}
                  </option>
                ))}
              </Select>
            </label>
          </div>
        </div>

        {data && note?.(data)}

        {error ? (
          <EmptyState tone="error" title={t('search.results.failed')} description={errorText(error.message)} />
        ) : isPending ? (
          // A screen tall while the first answer is read: the footer waits below the fold instead of
          // jumping down when the results come (a layout shift of 0.34 in Lighthouse's phone window).
          <ListSpinner label={t('search.results.searching')} className="min-h-dvh" />
        ) : data.items.length === 0 ? (
          <EmptyState
            title={state.hasFilters ? t('search.results.noMatchTitle') : emptyTitle}
            description={state.hasFilters ? t('search.results.noMatchDescription') : emptyDescription}
            action={
              state.hasFilters && (
                <Button variant="secondary" onClick={state.clearFilters}>
                  <Msg id="search.filters.clear" />
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
              <nav aria-label={t('search.results.pages')} className="mt-10 flex items-center justify-center gap-3">
                <Button variant="secondary" disabled={state.page <= 1} onClick={() => state.setPage(state.page - 1)}>
                  <Msg id="search.results.previous" />
                </Button>
                <span className="text-sm text-ink-600">
                  <Msg
                    id={estimate ? 'search.results.pageOfAbout' : 'search.results.pageOf'}
                    values={{ page: state.page, pages }}
                  />
                </span>
                <Button
                  variant="secondary"
                  disabled={state.page >= pages}
                  onClick={() => state.setPage(state.page + 1)}
                >
                  <Msg id="search.results.next" />
                </Button>
              </nav>
            )}
          </>
        )}
      </section>

      <Modal open={filtersOpen} onClose={() => setFiltersOpen(false)} title={t('search.results.filters')}>
        <FilterPanel facets={data?.facets} estimate={estimate} state={state} />
        <Button className="mt-6 w-full" onClick={() => setFiltersOpen(false)}>
          <Msg
            id={estimate ? 'search.results.showAbout' : 'search.results.show'}
            values={{ count: data?.total ?? 0 }}
          />
        </Button>
      </Modal>
    </div>
  );
}
