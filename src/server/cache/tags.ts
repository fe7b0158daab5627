/*
 * What public answers are made from, and what writes change, by name (docs/performance.md): a cached
 * answer records the tags of what it shows, a write names the tags of what it changed, and the
 * cache drops the answers that share a tag with a write (surrogate keys, as CDNs call them).
 */
import { ScopedStorage, type Scope } from './scoped-storage';

/** Every answer: for changes nobody named (housekeeping, a new build, an unclassified write). */
export const EVERYTHING = '*';

export const tags = {
  /** One listing as shown anywhere: its page, and every list or search that shows it. */
  listing: (id: string) => `listing:${id}`,
  /** A seller as shown on their page and on each of their listings (name, photo, badge). */
  seller: (id: string) => `seller:${id}`,
  /** Which listings the "all phones" list holds, in which order (its pages and total). */
  allList: 'list:all',
  advertisedList: 'list:advertised',
  categoryList: (id: string) => `list:category:${id}`,
  /**
   * Which listings a seller has on sale (their phones' pages and total), and so their page's count
   * of sales: a sale takes a listing out of the lists.
   */
  sellerList: (id: string) => `list:seller:${id}`,
  /** Every search and suggestion (a change to many listings at once: a seller's badge, the index rebuilt). */
  search: 'search',
  /**
   * The searches that could find any listing (no words or filters narrow them, search/answer-tags.ts):
   * every listing write names it.
   */
  anySearch: 'search:any',
  /** The searches that need a listing to have this word, or a word beginning with it (answer-tags.ts). */
  searchWord: (prefix: string) => `search:word:${prefix}`,
  /** The searches that need a listing to have this value of a filter (category, brand, condition, district, price). */
  searchFilter: (filter: string, value: string) => `search:${filter}:${value}`,
  /**
   * The searches for good prices only (the filter): what the fair prices' round names when too many
   * listings' marks flipped to name each.
   */
  goodPriceSearch: 'search:good-price',
  /**
   * A search tag (answer-tags.ts) of the searches for good prices only: a listing whose mark flipped
   * changed those of its searches, and no other answer.
   */
  goodPrice: (searchTag: string) => `search:good-price:${searchTag}`,
  /** The fair-price estimates, read from every listing's price. */
  fairPrice: 'fair-price',
  /** The categories table. */
  categories: 'categories',
  /** Published reviews, their replies, and the sellers' averages made from them. */
  reviews: 'reviews',
} as const;

const SEARCH_PREFIX = 'search:';

const coarser = (tag: string) => {
  if (tag === tags.goodPriceSearch || tag.startsWith(`${tags.goodPriceSearch}:`)) return tags.goodPriceSearch;
  return tag.startsWith(SEARCH_PREFIX) ? tags.search : tag;
};

/**
 * The same changes in fewer words, for a message or cookie that would be too long: every search
 * instead of the searches each listing could be found by (every search for good prices instead of
 * theirs, when those are all that changed).
 */
export const compacted = (changed: Iterable<string>): Set<string> => {
  const coarse = new Set([...changed].map(coarser));
  if (coarse.has(tags.search)) coarse.delete(tags.goodPriceSearch);
  return coarse;
};

/** Whether a tag names searches (so another process's index must have caught up before they are computed again). */
export const namesSearches = (tag: string) => tag === tags.search || tag.startsWith(SEARCH_PREFIX);

/** The tags of one listing as an answer shows it. */
export const productTags = (product: { _id: string; sellerId: string }): string[] => [
  tags.listing(product._id),
  tags.seller(product.sellerId),
];

/**
 * What a write request changed: the repositories' writes name it (`named`, in their transaction) into
 * the request's own set, which its scope (`openChanges`) makes current for the request (cache/hooks.ts). A
 * request drops only what it named, not what the writes beside it named: at 50 writes a second,
 * opening the bell beside a listing write dropped that listing's sixty-odd tags again and told its
 * writer they had changed them. Written inside the transaction, a name may be undone by a rollback:
 * dropping it costs one recomputation, never a wrong answer. The set is open until the request's
 * answer takes it (`closeChanges`); a name made later in its context (a timer it left behind) is
 * made outside any request.
 */
export type RequestChanges = Scope<Set<string>>;

const requestChanges = new ScopedStorage<Set<string>>();

/** Drops names made outside any request's open set, here and in the other processes (cache/hooks.ts). */
type OutsideDrop = (changed: readonly string[]) => void;
const outsideDrops = new Set<OutsideDrop>();

/**
 * Names what a write changed; called by the repositories' writes, in their transaction. A name made
 * outside any request's open set (housekeeping, a request's timer after its answer, a write whose
 * request's context was lost) is dropped as it is made, here and in the other processes, waiting for
 * no other write. That is before its transaction commits, so an answer computed in between may be
 * kept from before it: housekeeping, the only such writer now, drops what each job named again as
 * that job ends (housekeeping.ts).
 */
export function named(changed: readonly string[]): void {
  if (changed.length === 0) return;
  const own = requestChanges.getStore();
  if (own) {
    for (const tag of changed) own.add(tag);
    return;
  }
  for (const drop of outsideDrops) drop(changed);
}

/** A write request's set, open for its writes' names in what its scope runs (`run`). */
export const openChanges = (): RequestChanges => requestChanges.open(new Set());

/** What a request's writes named, once its answer goes: later names in its context are made outside it. */
export function closeChanges(changes: RequestChanges): ReadonlySet<string> {
  changes.close();
  return changes.store;
}

/** Hands `drop` the names made outside any request's open set, until the answer is called. */
export function onNamedOutside(drop: OutsideDrop): () => void {
  outsideDrops.add(drop);
  return () => outsideDrops.delete(drop);
}

/** The tags of the listings an answer's list shows (a list's payload, before serialization). */
export const listedTags = (items: unknown): string[] =>
  Array.isArray(items) ? items.flatMap((item) => productTags(item as Parameters<typeof productTags>[0])) : [];
