import type { Facets, SearchQuery, SearchSort, Suggestion } from '#shared/search';
import type { ProductDetailsRow } from '#server/products/repository';

/**
 * What the routes need from a search engine. `SqlSearch` answers it from the app's own database;
 * a dedicated engine (Typesense, OpenSearch) would implement the same two calls, fed from the
 * products repository's writes (where `syncListing` is called today), and the routes stay as they are.
 */
export interface SearchEngine {
  search(query: SearchQuery): Promise<SearchAnswer>;
  suggest(text: string): Promise<Suggestion[]>;
  /** Reads ahead, in the background after start, what the first searches would wait for, until `stop`. */
  warm?(stop?: AbortSignal): Promise<void>;
}

export interface SearchAnswer {
  rows: ProductDetailsRow[];
  total: number;
  /** The total and the facets' counts were counted in a sample of the matches (facets.ts CountLimits). */
  totalIsEstimate: boolean;
  sort: SearchSort;
  searchedFor: string | null;
  /** No listing matched every word: these match the most of them. */
  closest: boolean;
  facets: Facets;
}
