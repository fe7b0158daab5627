import type { Kysely } from 'kysely';
import { MAX_SUGGESTIONS, type SearchFilters, type SearchQuery, type Suggestion } from '../../shared/search';
import type { Engine } from '../db/connection';
import type { Database } from '../db/schema';
import type { SearchAnswer, SearchEngine } from './engine';
import { facetsOf, type FacetGroup } from './facets';
import { indexVersion } from './indexing';
import { categoryNames, facetGroups, listingPage, suggestionSample, textMatch, type TextMatch } from './repository';
import { indexedText } from './text';
import { termsOf } from './words';

/** How long facet counts are reused: their "posted within" periods move on with the clock. */
const FACET_LIFETIME_MS = 10_000;
const FACET_ENTRIES = 500;

/** Search on the app's own database: SQLite FTS5 or PostgreSQL full-text, with the same answers. */
export class SqlSearch implements SearchEngine {
  /**
   * Facet counts by words and price range (the other filters are applied to them in memory): they
   * read every match, which grows with the index, while a page reads only its rows. Popular searches
   * repeat, and the counts stay right until the index changes (see indexVersion).
   */
  private readonly facetCache = new Map<string, { version: number; at: number; groups: FacetGroup[] }>();

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
    const [groups, rows, names] = await Promise.all([
      this.facetGroups(filters, match, now),
      listingPage(this.db, filters, match, sort, { limit, offset: (page - 1) * limit }, now, this.engine),
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

  private async facetGroups(filters: SearchFilters, match: TextMatch | undefined, now: number) {
    const key = JSON.stringify([match?.query ?? null, filters.minPrice ?? null, filters.maxPrice ?? null]);
    const version = indexVersion();
    const kept = this.facetCache.get(key);
    if (kept && kept.version === version && now - kept.at < FACET_LIFETIME_MS) return kept.groups;
    const groups = await facetGroups(this.db, filters, match, now);
    // Counts read while the index changed may be part old, part new: used once, not kept.
    if (indexVersion() !== version) return groups;
    this.facetCache.delete(key);
    if (this.facetCache.size >= FACET_ENTRIES) this.facetCache.delete(this.facetCache.keys().next().value!);
    this.facetCache.set(key, { version, at: now, groups });
    return groups;
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
