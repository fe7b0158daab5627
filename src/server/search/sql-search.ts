import type { Kysely } from 'kysely';
import { MAX_SUGGESTIONS, type SearchQuery, type Suggestion } from '../../shared/search';
import type { Engine } from '../db/connection';
import type { Database } from '../db/schema';
import type { SearchAnswer, SearchEngine } from './engine';
import { facetsOf } from './facets';
import { categoryNames, facetGroups, listingPage, suggestionSample, textMatch } from './repository';
import { indexedText } from './text';
import { termsOf } from './words';

/** Search on the app's own database: SQLite FTS5 or PostgreSQL full-text, with the same answers. */
export class SqlSearch implements SearchEngine {
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
      facetGroups(this.db, filters, match, now),
      listingPage(this.db, filters, match, sort, { limit, offset: (page - 1) * limit }, now),
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
