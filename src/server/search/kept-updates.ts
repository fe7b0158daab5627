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

/** Matches in ascending id order (as read), with the written listings out and those found (their ids) in. */
export function withMatches(ids: Int32Array, written: NamedRows, found: readonly number[]): Int32Array {
  const out = writtenIds(written, found);
  const kept = ids.filter((id) => !out.has(id));
  const added = Int32Array.from(found).sort();
  const merged = new Int32Array(kept.length + added.length);
  let k = 0;
  let a = 0;
  for (let at = 0; at < merged.length; at += 1) {
    merged[at] = a === added.length || (k < kept.length && kept[k]! < added[a]!) ? kept[k++]! : added[a++]!;
  }
  return merged;
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
  const out = writtenIds(
    written,
    ranked.map((listing) => listing.id),
  );
  // Scores are kept as 32-bit floats: the found ones compared as they will be kept.
  const added = ranked.map((listing) => ({ id: listing.id, score: Math.fround(listing.score) })).sort(order);
  const ids = new Int32Array(ranking.ids.length + added.length);
  const scores = new Float32Array(ids.length);
  let filled = 0;
  const push = (listing: Found) => {
    ids[filled] = listing.id;
    scores[filled++] = listing.score;
  };
  let a = 0;
  for (let k = 0; k < ranking.ids.length; k += 1) {
    if (out.has(ranking.ids[k]!)) continue;
    const listing = { id: ranking.ids[k]!, score: ranking.scores[k]! };
    while (a < added.length && order(added[a]!, listing) < 0) push(added[a++]!);
    push(listing);
  }
  while (a < added.length) push(added[a++]!);
  return { ...ranking, ids: ids.slice(0, filled), scores: scores.slice(0, filled) };
}
