import type { Kysely } from 'kysely';
import { MAX_SUGGESTIONS, type SearchFilters, type SearchQuery, type Suggestion } from '../../shared/search';
import type { Engine } from '../db/connection';
import type { Database } from '../db/schema';
import type { SearchAnswer, SearchEngine } from './engine';
import { facetsOf, type FacetGroup } from './facets';
import { indexVersion } from './indexing';
import {
  categoryNames,
  detailsOf,
  facetGroups,
  listingPage,
  orderedIds,
  suggestionSample,
  textMatch,
} from './repository';
import { indexedText } from './text';
import { termsOf } from './words';

/** How long what is kept from the index lives: the "posted within" counts move on with the clock. */
const KEPT_FOR_MS = 10_000;

/**
 * What was read from the whole set of matches, by key, until the index changes (see indexVersion)
 * or for KEPT_FOR_MS; the oldest goes when `size` are kept.
 */
class Kept<T> {
  private readonly entries = new Map<string, { version: number; at: number; value: T }>();
  /** Reads under way: many buyers asking the same at once wait for one read, not one each. */
  private readonly reading = new Map<string, { version: number; value: Promise<T> }>();
  constructor(private readonly size: number) {}

  async get(key: string, now: number, read: () => Promise<T>): Promise<T> {
    const version = indexVersion();
    const kept = this.entries.get(key);
    if (kept && kept.version === version && now - kept.at < KEPT_FOR_MS) return kept.value;
    const pending = this.reading.get(key);
    if (pending && pending.version === version) return pending.value;
    const reading = read();
    this.reading.set(key, { version, value: reading });
    let value: T;
    try {
      value = await reading;
    } finally {
      if (this.reading.get(key)?.value === reading) this.reading.delete(key);
    }
    // Read while the index changed, it may be part old, part new: used once, not kept.
    if (indexVersion() !== version) return value;
    this.entries.delete(key);
    if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, at: now, value });
    return value;
  }
}

const noFilter = (filters: SearchFilters) => Object.values(filters).every((v) => v === undefined || v === false);

/** Search on the app's own database: SQLite FTS5 or PostgreSQL full-text, with the same answers. */
export class SqlSearch implements SearchEngine {
  /*
   * Two reads grow with the number of matches, where a page otherwise reads only its own rows:
   * facet counts (kept by words and price range; the other filters are applied to them in memory)
   * and the best-match order of words searched without filters (ranking scores every match).
   * Popular searches repeat, and what is kept stays right until the index changes.
   */
  private readonly facets = new Kept<FacetGroup[]>(500);
  private readonly ranked = new Kept<string[]>(100);

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  async search(query: SearchQuery): Promise<SearchAnswer> {
    const { page, limit, sort: asked, q, ...filters } = query;
    const { terms, corrected } = await termsOf(this.db, q);
    const match = terms.length > 0 ? textMatch(this.engine, terms) : undefined;
    // Best match needs words to match; without them the newest come first.
    const sort = match ? (asked ?? 'best') : asked === undefined || asked === 'best' ? 'newest' : asked;
    const now = Date.now();
    const offset = (page - 1) * limit;
    const facetKey = JSON.stringify([match?.query ?? null, filters.minPrice ?? null, filters.maxPrice ?? null]);
    const [groups, rows, names] = await Promise.all([
      this.facets.get(facetKey, now, () => facetGroups(this.db, filters, match, now)),
      sort === 'best' && match && noFilter(filters)
        ? this.ranked
            .get(match.query, now, async () =>
              (await orderedIds(this.db, {}, match, 'best', now, this.engine).execute()).map((row) => row.product_id),
            )
            .then((ids) => detailsOf(this.db, ids.slice(offset, offset + limit)))
        : listingPage(this.db, filters, match, sort, { limit, offset }, now, this.engine),
      categoryNames(this.db),
    ]);
    const { total, facets } = facetsOf(groups, filters, names);
    return {
      rows,
      total,
      sort,
      searchedFor: corrected ? terms.map((t) => t.word).join(' ') : null,
      facets,
    };
  }

  async suggest(text: string): Promise<Suggestion[]> {
    if (indexedText(text).length < 2) return [];
    const { terms } = await termsOf(this.db, text, true);
    if (terms.length === 0) return [];
    const sample = await suggestionSample(this.db, textMatch(this.engine, terms, true));
    const counted = new Map<string, { suggestion: Suggestion; listings: number }>();
    for (const { name, brand } of sample) {
      const text = suggestionText(name, brand);
      const key = indexedText(text);
      const entry = counted.get(key) ?? { suggestion: { text, brand }, listings: 0 };
      entry.listings += 1;
      counted.set(key, entry);
    }
    return [...counted.values()]
      .sort((a, b) => b.listings - a.listings || a.suggestion.text.localeCompare(b.suggestion.text))
      .slice(0, MAX_SUGGESTIONS)
      .map((entry) => entry.suggestion);
  }
}

/** "Galaxy A52" by Samsung is suggested as "Samsung Galaxy A52"; a name that says its brand stays as it is. */
function suggestionText(name: string, brand: string): string {
  const nameWords = new Set(indexedText(name).split(' '));
  return indexedText(brand)
    .split(' ')
    .every((word) => nameWords.has(word))
    ? name
    : `${brand} ${name}`;
}
