import { describe, expect, it } from 'vitest';
import { withMatches, withRanked, type Found, type RankedOrder } from './kept-updates';

/*
 * The updates copy the kept arrays in slices around the places that change; here they are checked
 * against the plain way, every element looked at, on random rankings and writes.
 */

/** A small deterministic generator, so that a failure repeats. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const order: RankedOrder = (a, b) => a.score - b.score || b.id - a.id;

function plainMatches(ids: Int32Array, leaving: Set<number>, found: number[]): number[] {
  return [...[...ids].filter((id) => !leaving.has(id)), ...found].sort((a, b) => a - b);
}

function plainRanking(ranked: Found[], leaving: Set<number>, added: Found[]): Found[] {
  const kept = ranked.filter((listing) => !leaving.has(listing.id));
  const out: Found[] = [];
  let a = 0;
  for (const listing of kept) {
    while (a < added.length && order(added[a]!, listing) < 0) out.push(added[a++]!);
    out.push(listing);
  }
  return [...out, ...added.slice(a)];
}

describe('kept matches and rankings brought up to date', () => {
  it('are what looking at every element gives, for random writes', () => {
    const next = random(26);
    for (let round = 0; round < 200; round += 1) {
      const count = Math.floor(next() * 60);
      const all = [...new Set(Array.from({ length: count }, () => 1 + Math.floor(next() * 100)))];
      // Scores from a few values, so that ties are broken by id.
      const ranked = all.map((id) => ({ id, score: Math.fround(-Math.floor(next() * 8)) })).sort(order);
      const named = all.filter(() => next() < 0.1);
      const found = [...new Set([...named.filter(() => next() < 0.5), 101 + Math.floor(next() * 20)])].map((id) => ({
        id,
        score: -Math.floor(next() * 8),
      }));
      const written = { productIds: [], listingIds: named };
      const leaving = new Set([...named, ...found.map((listing) => listing.id)]);

      const ids = Int32Array.from(all).sort();
      const foundIds = found.map((listing) => listing.id);
      expect([...withMatches(ids, written, foundIds)]).toEqual(plainMatches(ids, leaving, foundIds));

      const ranking = {
        ids: Int32Array.from(ranked, (listing) => listing.id),
        scores: Float32Array.from(ranked, (listing) => listing.score),
      };
      const updated = withRanked(ranking, written, found, order);
      const expected = plainRanking(ranked, leaving, [...found].sort(order));
      expect([...updated.ids]).toEqual(expected.map((listing) => listing.id));
      expect([...updated.scores]).toEqual(expected.map((listing) => listing.score));
    }
  });

  it('leaves out of a ranking of the newest a written listing older than them', () => {
    const ranking = { ids: Int32Array.of(9, 7, 8), scores: Float32Array.of(-3, -2, -1), olderBelow: 7 };
    const updated = withRanked(
      ranking,
      { productIds: [], listingIds: [] },
      [
        { id: 3, score: -5 },
        { id: 10, score: -2 },
      ],
      order,
    );
    expect([...updated.ids]).toEqual([9, 10, 7, 8]);
    expect(updated.olderBelow).toBe(7);
  });
});
