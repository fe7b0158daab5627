import { describe, expect, it } from 'vitest';
import { chosenIn } from './column-filters';
import { closestListings } from './closest';
import { PageFilling } from './column-pages';
import { aColumnRow } from './column-row.fixture';
import { Columns } from './listing-columns';
import { wordsOf } from './text';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');

function columnsOf(brands: string[]): Columns {
  const columns = new Columns();
  brands.forEach((brand, index) =>
    columns.put(aColumnRow({ id: index + 1, brand, brand_key: brand.toLowerCase(), price: 1000 * (index + 1) })),
  );
  return columns;
}

describe('wordsOf', () => {
  it('splits letters from digits, whatever the script', () => {
    expect(wordsOf('iPhone12 Pro')).toEqual(['iphone', '12', 'pro']);
    expect(wordsOf('Galaxy A52 5G, 128GB')).toEqual(['galaxy', 'a', '52', '5', 'g', '128', 'gb']);
    expect(wordsOf('এম৩২')).toEqual(['এম', '32']);
  });
});

describe('closestListings', () => {
  // Listing ids 1..5 at positions 0..4.
  const columns = columnsOf(['Apple', 'Apple', 'Samsung', 'Samsung', 'Xiaomi']);
  const at = (...positions: number[]) => Int32Array.from(positions);

  it('keeps the listings matching the most words', () => {
    const closest = closestListings(columns, [at(0, 1, 2), at(1, 2), at(2)], chosenIn(columns, {}, NOW))!;
    expect([...closest.positions]).toEqual([2]);
    // A best-match page keeps, in the ranking's order, only the closest.
    const page = new PageFilling(columns, chosenIn(columns, {}, NOW), { offset: 0, limit: 10 }, (position) => {
      return closest.isClose[position] === 1;
    });
    page.add(Int32Array.from([5, 3, 2, 1]));
    expect(page.found).toEqual([3]);
  });

  it('finds the most among the listings the filters keep, and keeps the others that match as many for the facets', () => {
    const chosen = chosenIn(columns, { brand: 'apple' }, NOW);
    const closest = closestListings(columns, [at(0, 1, 2, 3), at(1, 2)], chosen)!;
    // Apple's best is listing 2 (position 1) with two words; the Samsung at position 2 has as many.
    expect([...closest.positions]).toEqual([1, 2]);
  });

  it('answers nothing when no listing the filters keep has any of the words, and skips removed listings', () => {
    expect(closestListings(columns, [at(0), at(1)], chosenIn(columns, { brand: 'xiaomi' }, NOW))).toBeUndefined();
    const removed = columnsOf(['Apple', 'Apple']);
    removed.remove(2);
    expect([...closestListings(removed, [at(0, 1), at(1)], chosenIn(removed, {}, NOW))!.positions]).toEqual([0]);
  });
});
