import type { Chosen } from './column-filters';
import { failureTest } from './column-filters';
import { LIVE, type Columns } from './listing-columns';
import type { ChosenOrder } from './repository';

/*
 * Pages of a word search read from the listing columns: the matches are known (and kept) already,
 * so ordering those that pass the filters here costs a pass over them, where the database would
 * gather every match again for each page.
 */

export interface Window {
  offset: number;
  limit: number;
}

/** A page of the listings in `ranked` (ids, best first) that pass every filter. */
export function rankedPage(columns: Columns, ranked: Int32Array, chosen: Chosen, page: Window): number[] {
  const filling = new PageFilling(columns, chosen, page);
  filling.add(ranked);
  return filling.found;
}

/**
 * A page filled from lists of ids given in order, one after another (a ranking's ranked part, then
 * its older matches), with those that pass every filter and `keep`.
 */
export class PageFilling {
  readonly found: number[] = [];
  private skipped = 0;
  private readonly failures: (position: number) => number;

  constructor(
    private readonly columns: Columns,
    chosen: Chosen,
    private readonly page: Window,
    private readonly keep: (position: number) => boolean = () => true,
  ) {
    this.failures = failureTest(columns, chosen);
  }

  get full(): boolean {
    return this.found.length === this.page.limit;
  }

  add(listingIds: Int32Array): void {
    for (const listingId of listingIds) if (!this.take(listingId)) return;
  }

  /** The ids of `ascending` below `below`, the highest first: a ranking's older matches, newest first. */
  addNewestFirst(ascending: Int32Array, below: number): void {
    for (let at = firstAtOrAbove(ascending, below) - 1; at >= 0; at -= 1) if (!this.take(ascending[at]!)) return;
  }

  /** Whether the page has room after `listingId` (taken when it passes). */
  private take(listingId: number): boolean {
    if (this.full) return false;
    const position = this.columns.positionOf(listingId);
    if (position === undefined || this.failures(position) !== 0 || !this.keep(position)) return true;
    if (this.skipped < this.page.offset) this.skipped += 1;
    else this.found.push(listingId);
    return !this.full;
  }
}

/** The index of the first id at or above `id` in ascending `ids` (their length when none is). */
function firstAtOrAbove(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

type Compare = (a: number, b: number) => number;

/** The orders of repository.ts's orderedIds, by position: the listing id breaks ties the same way. */
function compareIn(columns: Columns, sort: ChosenOrder): Compare {
  const { postedSecond, price, listingId } = columns;
  if (sort === 'newest') return (a, b) => postedSecond[b]! - postedSecond[a]! || listingId[b]! - listingId[a]!;
  if (sort === 'price_asc') return (a, b) => price[a]! - price[b]! || listingId[a]! - listingId[b]!;
  return (a, b) => price[b]! - price[a]! || listingId[b]! - listingId[a]!;
}

/** The listing ids of a page of the listings at `positions` that pass every filter, in the order asked. */
export function orderedPage(
  columns: Columns,
  positions: Int32Array,
  chosen: Chosen,
  sort: ChosenOrder,
  page: Window,
): number[] {
  const failures = failureTest(columns, chosen);
  const passing: number[] = [];
  for (const at of positions) if (columns.state[at]! & LIVE && failures(at) === 0) passing.push(at);
  const compare = compareIn(columns, sort);
  const wanted = page.offset + page.limit;
  const first = wanted * 8 < passing.length ? firstOf(passing, wanted, compare) : passing.sort(compare);
  return first.slice(page.offset, wanted).map((at) => columns.listingId[at]!);
}

/** The first `count` items in order, without sorting them all: most items are later than the last kept. */
function firstOf(items: number[], count: number, compare: Compare): number[] {
  const kept: number[] = [];
  for (const item of items) {
    if (kept.length === count && compare(item, kept[count - 1]!) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(kept[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, item);
    if (kept.length > count) kept.pop();
  }
  return kept;
}
