import { failureTest, type Chosen } from './column-filters';
import { LIVE, type Columns } from './listing-columns';

/*
 * When no listing matches every word ("iphone 12 pro max" with only iPhone 12s listed), the search
 * shows the closest ones instead of nothing: those that match the most of the words among the
 * listings passing the filters. Read from the listing columns, one pass over each word's matches.
 */

export interface Closest {
  /** Every live listing matching as many words as the best (filtered or not: the facets count them). */
  positions: Int32Array;
  /** By position: 1 for a closest listing. */
  isClose: Uint8Array;
}

/**
 * The closest listings, given where each word's matches are in the columns; undefined when no
 * listing passing the filters matches any of the words.
 */
export function closestListings(columns: Columns, wordPositions: Int32Array[], chosen: Chosen): Closest | undefined {
  // At most 12 words (words.ts), so a byte counts them.
  const matchedWords = new Uint8Array(columns.size);
  for (const positions of wordPositions) for (const at of positions) matchedWords[at]! += 1;
  const failures = failureTest(columns, chosen);
  let best = 0;
  for (let at = 0; at < columns.size; at += 1) {
    if (matchedWords[at]! > best && columns.state[at]! & LIVE && failures(at) === 0) best = matchedWords[at]!;
  }
  if (best === 0) return undefined;
  const isClose = new Uint8Array(columns.size);
  const positions: number[] = [];
  for (let at = 0; at < columns.size; at += 1) {
    if (matchedWords[at]! >= best && columns.state[at]! & LIVE) {
      isClose[at] = 1;
      positions.push(at);
    }
  }
  return { positions: Int32Array.from(positions), isClose };
}
