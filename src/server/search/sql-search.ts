import type { Kysely } from 'kysely';
import { MAX_SUGGESTIONS, type SearchQuery, type Suggestion } from '#shared/search';
import { nextTurn, turnIfHeld } from '#server/db/batches';
import type { Engine } from '#server/db/connection';
import type { Database } from '#server/db/schema';
import type { ProductDetailsRow } from '#server/products/repository';
import { chosenIn, type Chosen } from './column-filters';
import { orderedPage, PageFilling, type Window } from './column-pages';
import type { SearchAnswer, SearchEngine } from './engine';
import { countFacets, facetsOf, RANKED_MATCHES } from './facets';
import type { NamedRows } from './indexing';
import { ENTRY_OVERHEAD_BYTES, KeptIds, type KeptIdsLimits } from './kept-ids';
import { withMatches, withRanked, type RankedOrder } from './kept-updates';
import { ListingColumns, type Columns } from './listing-columns';
import {
  categoryNames,
  detailsOf,
  listingPage,
  matchedIds,
  matchesAmong,
  productIdsOf,
  rankedIds,
  scoredAmong,
  suggestionSample,
  textMatch,
  type Ranking,
  type TextMatch,
} from './repository';
import { indexedText } from './text';
import { termsOf, type Term } from './words';
import { closestListings, type Closest } from './closest';

/**
 * What each of the two caches keeps at most: 8 MB off the JavaScript heap (ids 4 bytes each, and
 * the matches' positions in the columns as many again), and a few thousand words, which the same
 * buyers ask again with other filters and pages.
 */
export const KEPT_IDS_LIMITS: KeptIdsLimits = { maxEntries: 4_000, maxBytes: 8 * 1024 * 1024 };

/** What a kept match costs in either cache: its id and what is kept beside it (a position, a score). */
const BYTES_PER_MATCH = 8;
/**
 * How old a kept ranking gets on SQLite before it is read anew (in the background, the kept one
 * answering meanwhile), once a write of words was brought into it (a price edit keeps every score:
 * ChangedRows.words). Until then it is brought up to date with each such write, each written
 * listing at its score read now, while the others keep theirs: bm25's statistics (how many listings have
 * each word, their average length) move by about 1/N a listing, so in a minute of new listings
 * (150 at 2.5 a second: 0.15% of 100,000) no unchanged match moves enough to matter to a buyer,
 * where reading the ranking again after each of them held the loop 63-76 ms each time. Below
 * about 130,000 listings the kept time's own background read comes first (REFRESH_AFTER of 60 s).
 */
export const RANKING_DRIFT_MS = 60_000;

/** The share of each cache the words read ahead at start may fill: the rest is room for what searches ask. */
const WARM_SHARE = 0.75;

/** Search on the app's own database: SQLite FTS5 or PostgreSQL full-text, with the same answers. */
export class SqlSearch implements SearchEngine {
  /*
   * What needs every match is answered from the listing columns in memory: the facet counts, the
   * total, and a word search's page (its matches, ordered there, or walked in the words' ranking for
   * best match). Only a search without words reads its page from the database, down the index of its
   * order, stopping at the page's end. The matches and the ranking of words are kept, since the same
   * words come back with other filters, pages and sorts.
   */
  private readonly columns: ListingColumns;
  private readonly matched: KeptIds;
  private readonly ranked: KeptIds<Ranking>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly limits: KeptIdsLimits = KEPT_IDS_LIMITS,
    /** How many of a word search's matches are ranked, the newest (RANKED_MATCHES; lower in tests). */
    private readonly rankedAtMost = RANKED_MATCHES,
  ) {
    this.columns = new ListingColumns(db);
    // Kept as long as the columns are trusted: both catch up on the writes told of, and both are read
    // again in full for what no note told, so at a million listings as rarely as the columns.
    const keptFor = () => this.columns.freshMs;
    // Each match's position is kept beside it (positionsOf), as long as the match: counted with it.
    this.matched = new KeptIds({ ...limits, bytesPerId: BYTES_PER_MATCH }, keptFor);
    // Each listing's score is kept beside it in the ranking (Ranking): counted with it. PostgreSQL's
    // ts_rank is each listing's own, so its kept ranking drifts from nothing; SQLite's only once
    // written rows were brought into it.
    const drifts = engine === 'sqlite' ? RANKING_DRIFT_MS : Infinity;
    this.ranked = new KeptIds({ ...limits, bytesPerId: BYTES_PER_MATCH }, keptFor, drifts);
  }

  /**
   * Reads ahead what the first searches of a process would otherwise wait for: the listing columns,
   * then the matches and ranking of the brands' names, the most listed first, as long as they fit
   * in WARM_SHARE of each cache. Brands, not the index's most frequent words: here those are the
   * descriptions' ("battery", "the", in 86% of listings), which nobody searches for and which alone
   * are past the bound at a million. One brand at a time, with a turn of the event loop between, so
   * that searches go on meanwhile (one that asks for a brand being read waits for that read); `stop`
   * ends it between brands (the app closing).
   */
  async warm(stop?: AbortSignal): Promise<void> {
    const columns = await this.columns.current(Date.now());
    const { brand: listed } = countFacets(columns, undefined, chosenIn(columns, {}, Date.now()), Date.now());
    for (const code of brandsToWarm(listed, this.limits.maxBytes * WARM_SHARE)) {
      await nextTurn();
      if (stop?.aborted) return;
      const { terms } = await termsOf(this.db, columns.brands.labels[code]!);
      if (terms.length === 0) continue;
      const match = textMatch(this.engine, terms);
      const now = Date.now();
      // Both awaited: kept matches answer without the ranking, whose read would otherwise fail unheard.
      const ranking = this.rankingOf(match, now);
      await Promise.all([this.matchesOf(match, now, ranking), ranking]);
    }
  }

  /** What the words' caches keep now, entries and bytes, to check their bounds. */
  get kept() {
    return { matched: this.matched.size, ranked: this.ranked.size };
  }

  async search(query: SearchQuery): Promise<SearchAnswer> {
    const { page, limit, sort: asked, q, ...filters } = query;
    const { terms, corrected } = await termsOf(this.db, q);
    const match = terms.length > 0 ? textMatch(this.engine, terms) : undefined;
    // Best match needs words to match; without them the newest come first.
    const sort = match ? (asked ?? 'best') : asked === undefined || asked === 'best' ? 'newest' : asked;
    const now = Date.now();
    const window = { offset: (page - 1) * limit, limit };
    // Best match reads the words' ranking, which holds every match up to RANKED_MATCHES: one read of
    // the database on a miss, where a second read of the same matches unranked cost as much again (a
    // pass over every matching row: at a million listings, most of the table's pages for a common word).
    // Past the bound the matches are read too: the total and facets count them all.
    const ranking = match && sort === 'best' ? this.rankingOf(match, now) : undefined;
    const [columns, matches, ranked, names] = await Promise.all([
      this.columns.current(now),
      match && this.matchesOf(match, now, ranking),
      ranking,
      categoryNames(this.db),
    ]);
    // On SQLite the reads above ran on the event loop, and each step below walks every match (14,000
    // for "samsung galaxy" at 100,000 listings): a turn between them for the requests waiting. A write
    // caught up on meanwhile changes the columns in place, each listing as it was or as it is now.
    await turnIfHeld();
    let positions = matches && this.positionsOf(matches, columns);
    await turnIfHeld();
    const chosen = chosenIn(columns, filters, now);
    let counted = countFacets(columns, positions, chosen, now);
    await turnIfHeld();
    const closest =
      counted.total === 0 && terms.length > 1 ? await this.closest(terms, columns, chosen, now) : undefined;
    if (closest) {
      positions = closest.positions;
      counted = countFacets(columns, positions, chosen, now);
    }
    const rows =
      sort === 'best' // only with words (above)
        ? await this.rankedRows(
            closest ? await this.rankingOf(textMatch(this.engine, terms, false, true), now) : ranked!,
            closest ? idsAt(columns, closest.positions) : matches!,
            columns,
            chosen,
            window,
            closest,
          )
        : positions
          ? await this.rowsOf(orderedPage(columns, positions, chosen, sort, window))
          : await listingPage(this.db, filters, sort, window, now, this.engine);
    return {
      rows,
      sort,
      searchedFor: corrected ? terms.map((t) => t.word).join(' ') : null,
      closest: closest !== undefined,
      ...facetsOf(counted, columns, filters, names),
    };
  }

  /** The listings matching the most of the words, when none matches them all (closest.ts). */
  private async closest(terms: Term[], columns: Columns, chosen: Chosen, now: number) {
    const eachWord = await Promise.all(terms.map((term) => this.matchesOf(textMatch(this.engine, [term]), now)));
    return closestListings(
      columns,
      eachWord.map((ids) => this.positionsOf(ids, columns)),
      chosen,
    );
  }

  /**
   * Where kept matches are in the columns: the same as long as both are kept (see Columns.put). Held
   * by the columns, weakly, so that columns replaced by a full read are not kept alive by it.
   */
  private readonly positions = new WeakMap<Columns, WeakMap<Int32Array, Int32Array>>();

  private positionsOf(listingIds: Int32Array, columns: Columns): Int32Array {
    let known = this.positions.get(columns);
    if (!known) this.positions.set(columns, (known = new WeakMap()));
    let positions = known.get(listingIds);
    if (!positions) known.set(listingIds, (positions = columns.positionsOf(listingIds)));
    return positions;
  }

  /**
   * The listings `match` finds, in ascending id order: kept, and after a write brought up to date by
   * the written listings only. Taken from `ranking` when that is read anyway and holds every match.
   */
  private async matchesOf(match: TextMatch, now: number, ranking?: Promise<Ranking>): Promise<Int32Array> {
    const fromRanking = async () => {
      const ranked = await ranking;
      return ranked && ranked.olderBelow === undefined ? ascending(ranked.ids) : undefined;
    };
    const { ids } = await this.matched.get(
      match.query,
      now,
      async () => ({ ids: (await fromRanking()) ?? (await matchedIds(this.db, match)) }),
      async (kept, written) => ({ ids: withMatches(kept.ids, written, await matchesAmong(this.db, match, written)) }),
      async () => ({ ids: await matchedIds(this.db, match) }),
    );
    return ids;
  }

  /**
   * The listings `match` finds, best match first: kept, and brought up to date as the matches are
   * (which listings match is exact at once). On PostgreSQL a listing's ts_rank is its own. SQLite's
   * bm25 weighs each word by how many listings have it and each listing by its length against the
   * average, so a write of words moves every score a little: there the unchanged matches keep the
   * order they were read in until the ranking is read anew, RANKING_DRIFT_MS after its read.
   */
  private rankingOf(match: TextMatch, now: number): Promise<Ranking> {
    return this.ranked.get(
      match.query,
      now,
      () => rankedIds(this.db, match, this.rankedAtMost),
      (kept, written) => this.updatedRanking(match, now, kept, written),
    );
  }

  private async updatedRanking(match: TextMatch, now: number, kept: Ranking, written: NamedRows): Promise<Ranking> {
    const [found, columns] = await Promise.all([scoredAmong(this.db, match, written), this.columns.current(now)]);
    return withRanked(kept, written, found, this.rankedOrder(columns));
  }

  /**
   * The ranking's order (rankedIds): by score, ties by the higher id on SQLite; on PostgreSQL by the
   * newest, here by the second as the columns keep it, then the higher id.
   */
  private rankedOrder(columns: Columns): RankedOrder {
    if (this.engine === 'sqlite') return (a, b) => a.score - b.score || b.id - a.id;
    const postedOf = (id: number) => columns.postedSecond[columns.positionOf(id) ?? -1] ?? 0;
    return (a, b) => a.score - b.score || postedOf(b.id) - postedOf(a.id) || b.id - a.id;
  }

  /**
   * A best-match page in the order of `ranking` (the words', or for the closest results any of the
   * words': listings matching more of them rank higher), narrowed to the closest. Past its ranked
   * part the older matches follow, newest first: taken from `matches` (ascending ids, kept and read
   * for the counts anyway), so a deep page reads no more of the database than the first.
   */
  private rankedRows(
    ranking: Ranking,
    matches: Int32Array,
    columns: Columns,
    chosen: Chosen,
    window: Window,
    closest: Closest | undefined,
  ): Promise<ProductDetailsRow[]> {
    const filling = new PageFilling(columns, chosen, window, closest && ((at) => closest.isClose[at] === 1));
    filling.add(ranking.ids);
    if (ranking.olderBelow !== undefined) filling.addNewestFirst(matches, ranking.olderBelow);
    return this.rowsOf(filling.found);
  }

  private async rowsOf(listingIds: number[]): Promise<ProductDetailsRow[]> {
    return detailsOf(this.db, await productIdsOf(this.db, listingIds));
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

/**
 * The brands (by code) whose words to read ahead, the most listed first, as long as their entries
 * fit in `room` bytes (an entry's matches and its overhead; a brand too large is passed over for
 * smaller ones).
 */
export function brandsToWarm(listed: Int32Array, room: number): number[] {
  const chosen: number[] = [];
  let left = room;
  for (const code of [...listed.keys()].sort((a, b) => listed[b]! - listed[a]!)) {
    const bytes = listed[code]! * BYTES_PER_MATCH + ENTRY_OVERHEAD_BYTES;
    if (listed[code] === 0 || bytes > left) continue;
    left -= bytes;
    chosen.push(code);
  }
  return chosen;
}

/** The same ids in ascending order, as the database reads matches unranked (positionsOf goes fastest so). */
const ascending = (ids: Int32Array): Int32Array => ids.slice().sort();

/** The ids at `positions`, ascending (a stray's position is out of id order). */
const idsAt = (columns: Columns, positions: Int32Array): Int32Array =>
  ascending(positions.map((at) => columns.listingId[at]!));

/** "Galaxy A52" by Samsung is suggested as "Samsung Galaxy A52"; a name that says its brand stays as it is. */
function suggestionText(name: string, brand: string): string {
  const nameWords = new Set(indexedText(name).split(' '));
  return indexedText(brand)
    .split(' ')
    .every((word) => nameWords.has(word))
    ? name
    : `${brand} ${name}`;
}
