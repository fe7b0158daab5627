import type { Insertable } from 'kysely';
import { tags } from '#server/cache/tags';
import type { SearchListingsTable } from '#server/db/schema';
import type { SearchQuery, SearchResult } from '#shared/search';
import { indexedText, wordsOf } from './text';
import { MAX_WORDS } from './words';

/*
 * Which cached searches a listing write drops (docs/performance.md). A search answer records one
 * thing every listing it counts must have (a word, two of its filters, or a price step); a listing
 * write names what the listing had before and has after, so a search is dropped when the listing
 * was or could now be in its results, total or facets, and no other search is. A search narrowed
 * by none of these (no words, one filter) records `anySearch`, which every listing write names.
 */

/** A typed word finds the words it begins ("galax" finds "galaxy"): searches and listings meet on these first letters. */
const PREFIX_LETTERS = 4;
/** The taka one price tag spans. */
const PRICE_STEP = 5_000;
/** A price range over more steps than this records none (it holds most listings anyway). */
const MOST_PRICE_STEPS = 20;

type IndexedListing = Pick<
  Insertable<SearchListingsTable>,
  | 'category_id'
  | 'brand_key'
  | 'condition'
  | 'district'
  | 'price'
  | 'text_name'
  | 'text_brand'
  | 'text_location'
  | 'text_description'
>;

const firstLetters = (word: string, count: number) => [...word].slice(0, count).join('');

const priceStep = (price: number) => Math.floor(price / PRICE_STEP);

/**
 * What a listing as the index holds it names for the searches (none when no search finds it: sold,
 * hidden, deleted). A search's word is found exactly, or as the beginning of a word when no listing
 * has it, so the listing names its words' beginnings of 2 to PREFIX_LETTERS letters; a one-letter
 * word is only ever found exactly.
 */
export function listingSearchTags(row: IndexedListing | undefined): string[] {
  if (!row) return [];
  const named = new Set([
    tags.anySearch,
    tags.searchFilter('category', row.category_id),
    tags.searchFilter('brand', row.brand_key),
    tags.searchFilter('condition', row.condition),
    tags.searchFilter('price', String(priceStep(row.price))),
  ]);
  if (row.district) named.add(tags.searchFilter('district', row.district));
  const words = [row.text_name, row.text_brand, row.text_location, row.text_description].join(' ').split(' ');
  for (const word of words) {
    const letters = [...word].length;
    if (letters === 1) named.add(tags.searchWord(word));
    for (let count = 2; count <= Math.min(letters, PREFIX_LETTERS); count += 1) {
      named.add(tags.searchWord(firstLetters(word, count)));
    }
  }
  return [...named];
}

/**
 * What a search answer records, besides every search's tag. Each choice holds because a listing
 * that is not counted in the answer and has not got it cannot be counted after a write either:
 * - its longest word, when every word was found as typed (no correction, no "closest" results):
 *   every listing counted has every word;
 * - two or more of its category, brand, condition and district: a listing fails at most one
 *   filter to be counted (in that filter's facet), so it has one of them;
 * - its price range's steps: outside the range a listing counts nowhere.
 */
export function searchAnswerTags(
  query: SearchQuery,
  answer: Pick<SearchResult, 'total' | 'closest' | 'searchedFor'>,
): string[] {
  const narrowed = narrowedBy(query, answer);
  // A search for good prices changes also when a listing's mark flips (the fair prices' round),
  // which names only these.
  const goodPrice = query.goodPrice ? [tags.goodPriceSearch, ...narrowed.map(tags.goodPrice)] : [];
  return [tags.search, ...narrowed, ...goodPrice];
}

/** A suggestion comes from the newest listings with its words: any listing may change them. */
export const suggestionTags = (): string[] => [tags.search, tags.anySearch];

function narrowedBy(query: SearchQuery, answer: Pick<SearchResult, 'total' | 'closest' | 'searchedFor'>): string[] {
  const words = [...new Set(wordsOf(query.q))].slice(0, MAX_WORDS);
  if (words.length > 0 && answer.total > 0 && !answer.closest && answer.searchedFor === null) {
    const longest = words.reduce((a, b) => ([...b].length > [...a].length ? b : a));
    return [tags.searchWord(firstLetters(longest, PREFIX_LETTERS))];
  }
  const filters = [
    query.category === undefined ? [] : [tags.searchFilter('category', query.category)],
    query.brand === undefined ? [] : [tags.searchFilter('brand', indexedText(query.brand))],
    query.condition === undefined ? [] : [tags.searchFilter('condition', query.condition)],
    query.district === undefined ? [] : [tags.searchFilter('district', query.district)],
  ].flat();
  if (filters.length >= 2) return filters;
  return priceTags(query.minPrice, query.maxPrice) ?? [tags.anySearch];
}

function priceTags(minPrice: number | undefined, maxPrice: number | undefined): string[] | undefined {
  if (maxPrice === undefined) return undefined;
  const [from, to] = [priceStep(minPrice ?? 0), priceStep(maxPrice)];
  if (to - from + 1 > MOST_PRICE_STEPS) return undefined;
  return Array.from({ length: to - from + 1 }, (_, step) => tags.searchFilter('price', String(from + step)));
}
