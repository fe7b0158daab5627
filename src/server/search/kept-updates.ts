import type { NamedRows } from './indexing';
import type { Ranking } from './repository';

/*
 * Kept matches and rankings brought up to date with a few written listings (kept-ids.ts), instead
 * of every match read again: the written listings leave, and those the words match now come back,
 * at their place. Every other match stays as it was read.
 */

/** A written listing the words match now, with its score (lower first, see Ranking). */
export interface Found {
  id: number;
  score: number;
}

/** The ids that may have changed: the listings named, and the current ones of the products named. */
const writtenIds = (written: NamedRows, found: readonly number[]) => new Set([...written.listingIds, ...found]);

/*
 * A few written listings against every kept match (86,000 for "battery" at 100,000 listings, 20,000
 * ranked): the arrays are copied in slices around the few places that change, found by a binary
 * search (or, in a ranking, which is not in id order, by the array's own indexOf), not by walking
 * every element in JavaScript with a lookup of each id, which held the event loop 3-6 ms at each
 * update on SQLite.
 */

/** Matches in ascending id order (as read), with the written listings out and those found (their ids) in. */
export function withMatches(ids: Int32Array, written: NamedRows, found: readonly number[]): Int32Array {
  const leaving = [...writtenIds(written, found)].map((id) => sortedIndexOf(ids, id)).filter((at) => at >= 0);
  const kept = withoutPlaces(ids, leaving);
  const added = Int32Array.from(found).sort();
  return withInserted(
    kept,
    Array.from(added, (id) => firstPlace(kept.length, (at) => kept[at]! > id)),
    added,
  );
}

/** Negative when `a` comes first in the ranking: by score, then as the engine breaks ties. */
export type RankedOrder = (a: Found, b: Found) => number;

/**
 * A ranking with the written listings out and those found in, each at its place in `order`. Of a
 * ranking of the newest matches only (Ranking.olderBelow), a listing older than those stays out: it
 * is among the older matches, which follow from the words' kept matches. A new listing
 * is newer than every ranked one, so it enters at its score.
 */
export function withRanked(ranking: Ranking, written: NamedRows, found: Found[], order: RankedOrder): Ranking {
  const { olderBelow } = ranking;
  const ranked = olderBelow === undefined ? found : found.filter((listing) => listing.id >= olderBelow);
  const leaving = [
    ...writtenIds(
      written,
      ranked.map((listing) => listing.id),
    ),
  ]
    .map((id) => ranking.ids.indexOf(id))
    .filter((at) => at >= 0);
  const ids = withoutPlaces(ranking.ids, leaving);
  const scores = withoutPlaces(ranking.scores, leaving);
  // Scores are kept as 32-bit floats: the found ones compared as they will be kept.
  const added = ranked.map((listing) => ({ id: listing.id, score: Math.fround(listing.score) })).sort(order);
  // Each before the first kept listing it comes before in `order`.
  const places = added.map((listing) =>
    firstPlace(ids.length, (at) => order(listing, { id: ids[at]!, score: scores[at]! }) < 0),
  );
  return {
    ...ranking,
    ids: withInserted(
      ids,
      places,
      Int32Array.from(added, (listing) => listing.id),
    ),
    scores: withInserted(
      scores,
      places,
      Float32Array.from(added, (listing) => listing.score),
    ),
  };
}

type Column = Int32Array | Float32Array;

/** The place of `id` in ascending `ids`, or -1. */
function sortedIndexOf(ids: Int32Array, id: number): number {
  const at = firstPlace(ids.length, (place) => ids[place]! >= id);
  return ids[at] === id ? at : -1;
}

/** The first place in 0..length where `isPast` holds (it holds from there to the end), or `length`. */
function firstPlace(length: number, isPast: (at: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isPast(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** `list` without the elements at `places`. */
function withoutPlaces<T extends Column>(list: T, places: readonly number[]): T {
  const sorted = [...new Set(places)].sort((a, b) => a - b);
  const out = new (list.constructor as new (length: number) => T)(list.length - sorted.length);
  let from = 0;
  let filled = 0;
  for (const place of [...sorted, list.length]) {
    out.set(list.subarray(from, place), filled);
    filled += place - from;
    from = place + 1;
  }
  return out;
}

/** `list` with `values[i]` inserted before its element at `places[i]` (places ascending, values in order). */
function withInserted<T extends Column>(list: T, places: readonly number[], values: T): T {
  const out = new (list.constructor as new (length: number) => T)(list.length + values.length);
  let from = 0;
  for (let i = 0; i < values.length; i += 1) {
    out.set(list.subarray(from, places[i]), from + i);
    out[places[i]! + i] = values[i]!;
    from = places[i]!;
  }
  out.set(list.subarray(from), from + values.length);
  return out;
}
