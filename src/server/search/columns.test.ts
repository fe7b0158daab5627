import { GRADES, ORIGINS } from '#shared/trust';
import { describe, expect, it } from 'vitest';
import { CONDITIONS } from '#shared/products';
import { POSTED_HOURS, type SearchFilters } from '#shared/search';
import { chosenIn } from './column-filters';
import { orderedPage, PageFilling, rankedPage } from './column-pages';
import { COUNT_LIMITS, countFacets, facetsOf } from './facets';
import { COLUMNS_FRESH_MS, Columns, freshFor } from './listing-columns';
import { idsIn, type ChosenOrder, type ColumnRow } from './repository';
import { indexedText } from './text';
import { trustTest, withGoodPrice } from './trust-bits';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const HOUR = 3_600_000;
const CATEGORIES = ['c1', 'c2', 'c3'];
const BRANDS = ['Samsung', 'SAMSUNG', 'Apple', 'Xiaomi'];
const DISTRICTS = ['Dhaka', 'Sylhet', null];

/** A fixed pseudo-random sequence, so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

function listings(count: number, seed = 7): ColumnRow[] {
  const random = randomFrom(seed);
  return Array.from({ length: count }, (_, index) => {
    const brand = random.pick(BRANDS);
    return {
      id: index * 3 + 1,
      category_id: random.pick(CATEGORIES),
      brand,
      brand_key: indexedText(brand),
      condition: random.pick(CONDITIONS),
      district: random.pick(DISTRICTS),
      is_seller_verified: random.next() < 0.4,
      // A few share a time or a price, so the ties are ordered too.
      posted_at: new Date(NOW - Math.floor(random.next() * 40) * 24 * HOUR).toISOString(),
      price: Math.round(random.next() * 20) * 1000,
      grade: random.pick([null, ...GRADES]),
      origin: random.pick([null, ...ORIGINS]),
      battery: random.pick([null, 70, 85, 100]),
      is_imei_checked: random.next() < 0.5,
      is_photo_verified: random.next() < 0.3,
      is_good_price: random.next() < 0.25,
    };
  });
}

function columnsOf(rows: ColumnRow[]): Columns {
  const columns = new Columns();
  for (const row of rows) columns.put(row);
  return columns;
}

/** What the database answers for the same filters (repository.ts), written plainly. */
function passes(row: ColumnRow, filters: SearchFilters, except?: keyof SearchFilters): boolean {
  const checks: Partial<Record<keyof SearchFilters, boolean>> = {
    category: filters.category === undefined || row.category_id === filters.category,
    brand: filters.brand === undefined || row.brand_key === indexedText(filters.brand),
    condition: filters.condition === undefined || row.condition === filters.condition,
    district: filters.district === undefined || row.district === filters.district,
    verified: !filters.verified || row.is_seller_verified,
    posted: filters.posted === undefined || Date.parse(row.posted_at) >= NOW - POSTED_HOURS[filters.posted] * HOUR,
  };
  const inRange = row.price >= (filters.minPrice ?? 0) && row.price <= (filters.maxPrice ?? Infinity);
  const trusted =
    (filters.grade === undefined || row.grade === filters.grade) &&
    (filters.origin === undefined || row.origin === filters.origin) &&
    (filters.minBattery === undefined || (row.battery ?? 0) >= filters.minBattery) &&
    (!filters.imeiChecked || row.is_imei_checked) &&
    (!filters.photoVerified || row.is_photo_verified) &&
    (!filters.goodPrice || row.is_good_price);
  return inRange && trusted && Object.entries(checks).every(([name, ok]) => name === except || ok);
}

const FILTER_CHOICES: SearchFilters[] = [
  {},
  { brand: 'samsung' },
  { category: 'c2', condition: 'Good' },
  { district: 'Dhaka', posted: '7d' },
  { verified: true, minPrice: 5000, maxPrice: 12000 },
  { brand: 'Apple', district: 'Sylhet', posted: '30d', condition: 'Fair', category: 'c1', verified: true },
  { brand: 'Nokia' },
  { district: 'Rangpur' },
  { grade: 'good', minBattery: 80 },
  { origin: 'official', imeiChecked: true, photoVerified: true, brand: 'samsung' },
  { goodPrice: true },
  { goodPrice: true, origin: 'abroad', photoVerified: true, condition: 'Good' },
];

describe('facet counts from the listing columns', () => {
  const rows = listings(400);
  const columns = columnsOf(rows);
  const names = new Map(CATEGORIES.map((id) => [id, `Category ${id}`]));
  const count = (
    matched: ColumnRow[],
    filters: SearchFilters,
    facet: keyof SearchFilters,
    valueOf: (row: ColumnRow) => unknown,
  ) => {
    const counts = new Map<unknown, number>();
    for (const row of matched)
      if (passes(row, filters, facet)) counts.set(valueOf(row), (counts.get(valueOf(row)) ?? 0) + 1);
    return counts;
  };

  for (const filters of FILTER_CHOICES) {
    it(`count each option under the other filters: ${JSON.stringify(filters)}`, () => {
      const matched = rows.filter((_, index) => index % 3 !== 0);
      const positions = columns.positionsOf(Int32Array.from(matched, (row) => row.id));
      const { total, facets } = facetsOf(
        countFacets(columns, positions, chosenIn(columns, filters, NOW), NOW),
        columns,
        filters,
        names,
      );
      expect(total).toBe(matched.filter((row) => passes(row, filters)).length);
      const asCounts = (options: { value: string; count: number }[]) =>
        new Map(options.filter((o) => o.count > 0).map((o) => [o.value, o.count]));
      expect(asCounts(facets.category)).toEqual(count(matched, filters, 'category', (row) => row.category_id));
      expect(asCounts(facets.brand)).toEqual(count(matched, filters, 'brand', (row) => row.brand_key));
      expect(asCounts(facets.condition)).toEqual(count(matched, filters, 'condition', (row) => row.condition));
      const districts = count(matched, filters, 'district', (row) => row.district);
      districts.delete(null);
      expect(asCounts(facets.district)).toEqual(districts);
      const verified = matched.filter((row) => passes(row, filters, 'verified') && row.is_seller_verified).length;
      expect(facets.verified).toEqual(
        verified ? [{ value: 'true', label: 'Verified sellers only', count: verified }] : [],
      );
      for (const option of facets.posted) {
        const within = { ...filters, posted: option.value as SearchFilters['posted'] };
        expect(option.count).toBe(matched.filter((row) => passes(row, within)).length);
      }
    });
  }

  it('keep a chosen option that gives nothing, with 0, so it can be cleared', () => {
    const filters = { brand: 'Nokia', district: 'Rangpur' as const };
    const { facets } = facetsOf(
      countFacets(columns, undefined, chosenIn(columns, filters, NOW), NOW),
      columns,
      filters,
      names,
    );
    expect(facets.brand).toContainEqual({ value: 'nokia', label: 'Nokia', count: 0 });
    expect(facets.district).toContainEqual({ value: 'Rangpur', label: 'Rangpur', count: 0 });
  });

  it('show a brand spelt two ways once, the same way in every process', () => {
    const { facets } = facetsOf(countFacets(columns, undefined, chosenIn(columns, {}, NOW), NOW), columns, {}, names);
    expect(facets.brand.filter((option) => option.value === 'samsung')).toEqual([
      expect.objectContaining({ label: 'Samsung' }),
    ]);
  });
});

describe('facet counts past the bound of an exact count', () => {
  const rows = listings(6000);
  const columns = columnsOf(rows);
  const limits = { exactUpTo: 500, sampleMatches: 200 };
  const counted = (filters: SearchFilters) =>
    countFacets(columns, undefined, chosenIn(columns, filters, NOW), NOW, limits);

  it('are a sample of a bounded size, scaled and marked as an estimate', () => {
    const { total, estimate, brand, posted } = counted({});
    expect(estimate).toBe(true);
    expect(Math.abs(total - 6000) / 6000).toBeLessThan(0.1);
    const apple = columns.brands.find('apple');
    const apples = rows.filter((row) => row.brand === 'Apple').length;
    expect(Math.abs(brand[apple]! - apples) / apples).toBeLessThan(0.25);
    const recent = rows.filter((row) => Date.parse(row.posted_at) >= NOW - 7 * 24 * HOUR).length;
    expect(Math.abs(posted['7d'] - recent) / recent).toBeLessThan(0.25);
    // Two significant digits: no more than a sample knows.
    expect(total % 100).toBe(0);
  });

  it('are exact when the bound holds every candidate, or the search finds few', () => {
    const matched = Int32Array.from(rows.slice(0, 500), (row) => row.id);
    const small = countFacets(columns, columns.positionsOf(matched), chosenIn(columns, {}, NOW), NOW, limits);
    expect([small.estimate, small.total]).toEqual([false, 500]);
    const narrow: SearchFilters = { brand: 'Apple', district: 'Sylhet', condition: 'Fair', verified: true };
    const { estimate, total } = counted(narrow);
    expect(estimate).toBe(false);
    expect(total).toBe(rows.filter((row) => passes(row, narrow)).length);
  });
});

describe('facet counts with the bound the server uses', () => {
  const rows = listings(COUNT_LIMITS.exactUpTo * 3);
  const columns = columnsOf(rows);
  const everything = chosenIn(columns, {}, NOW);

  it('are estimates within a few per cent past it', () => {
    const { total, estimate, brand } = countFacets(columns, undefined, everything, NOW);
    expect(estimate).toBe(true);
    expect(Math.abs(total - rows.length) / rows.length).toBeLessThan(0.03);
    const apples = rows.filter((row) => row.brand === 'Apple').length;
    expect(Math.abs(brand[columns.brands.find('apple')]! - apples) / apples).toBeLessThan(0.05);
  });

  it('count a period of posting times, which follow the ids as in a real catalogue, within a few per cent', () => {
    const days = 40;
    const inIdOrder = rows.map((row, index) => ({
      ...row,
      posted_at: new Date(NOW - ((rows.length - index) / rows.length) * days * 24 * HOUR).toISOString(),
    }));
    const { posted } = countFacets(columnsOf(inIdOrder), undefined, everything, NOW);
    const lastWeek = (7 / days) * rows.length;
    expect(Math.abs(posted['7d'] - lastWeek) / lastWeek).toBeLessThan(0.05);
  });

  it('are exact up to it', () => {
    const within = columns.positionsOf(Int32Array.from(rows.slice(0, COUNT_LIMITS.exactUpTo), (row) => row.id));
    const { total, estimate } = countFacets(columns, within, everything, NOW);
    expect([estimate, total]).toEqual([false, COUNT_LIMITS.exactUpTo]);
  });
});

describe('pages of a word search from the listing columns', () => {
  const rows = listings(300);
  const columns = columnsOf(rows);
  const positions = columns.positionsOf(Int32Array.from(rows, (row) => row.id));
  const orders: Record<ChosenOrder, (a: ColumnRow, b: ColumnRow) => number> = {
    newest: (a, b) => b.posted_at.localeCompare(a.posted_at) || b.id - a.id,
    price_asc: (a, b) => a.price - b.price || a.id - b.id,
    price_desc: (a, b) => b.price - a.price || b.id - a.id,
  };

  for (const [sort, compare] of Object.entries(orders) as [ChosenOrder, typeof orders.newest][]) {
    it(`in the database's order: ${sort}`, () => {
      for (const filters of FILTER_CHOICES.slice(0, 5)) {
        const expected = rows
          .filter((row) => passes(row, filters))
          .sort(compare)
          .map((row) => row.id);
        // The first page picks from many, a deep page sorts them all: both give the database's rows.
        for (const window of [
          { offset: 0, limit: 5 },
          { offset: 20, limit: 20 },
          { offset: 100, limit: 20 },
        ]) {
          const page = orderedPage(columns, positions, chosenIn(columns, filters, NOW), sort, window);
          expect(page).toEqual(expected.slice(window.offset, window.offset + window.limit));
        }
      }
    });
  }

  it('best match walks the ranking, skipping what fails a filter or has gone', () => {
    const ranked = Int32Array.from([...rows].reverse(), (row) => row.id);
    const gone = rows.at(-2)!.id;
    const withGone = columnsOf(rows);
    withGone.remove(gone);
    const filters = { brand: 'samsung' };
    const expected = [...rows]
      .reverse()
      .filter((row) => row.id !== gone && passes(row, filters))
      .map((row) => row.id);
    const chosen = chosenIn(withGone, filters, NOW);
    expect(rankedPage(withGone, ranked, chosen, { offset: 0, limit: 10 })).toEqual(expected.slice(0, 10));
    expect(rankedPage(withGone, ranked, chosen, { offset: 10, limit: 10 })).toEqual(expected.slice(10, 20));
  });

  it('past a bounded ranking the older matches follow newest first, pages crossing the bound whole', () => {
    const columns = columnsOf(rows);
    const matches = Int32Array.from(rows.filter((_, at) => at % 2 === 0).map((row) => row.id)); // ascending
    const olderBelow = matches[matches.length - 30]!;
    // The newest 30 ranked in some order of relevance; the older follow by id, highest first.
    const ranked = matches
      .slice(-30)
      .reverse()
      .sort((a, b) => (a % 7) - (b % 7) || b - a);
    const filters = { brand: 'apple' };
    const chosen = chosenIn(columns, filters, NOW);
    const passing = (ids: number[]) =>
      ids.filter((id) =>
        passes(
          rows.find((row) => row.id === id)!,
          filters,
        ),
      );
    const expected = passing([...ranked, ...[...matches].filter((id) => id < olderBelow).reverse()]);
    for (const limit of [1, 3, 7, 20]) {
      const pages: number[] = [];
      for (let offset = 0; offset < expected.length + limit; offset += limit) {
        const filling = new PageFilling(columns, chosen, { offset, limit });
        filling.add(ranked);
        filling.addNewestFirst(matches, olderBelow);
        pages.push(...filling.found);
      }
      expect(pages).toEqual(expected);
    }
  });
});

describe('the listing columns', () => {
  it('grow past their first size, keep a listing at its place when it changes, and forget a removed one', () => {
    const rows = listings(3000);
    const columns = columnsOf(rows);
    expect(columns.size).toBe(3000);
    const changed = { ...rows[10]!, price: 123_456, district: null };
    columns.put(changed);
    const position = columns.positionOf(changed.id)!;
    expect(position).toBe(10);
    expect([columns.price[position], columns.district[position]]).toEqual([123_456, 0]);
    columns.remove(rows[11]!.id);
    expect(columns.positionOf(rows[11]!.id)).toBeUndefined();
    expect(columns.positionsOf(Int32Array.from([rows[11]!.id, rows[12]!.id, 999_999]))).toEqual(Int32Array.from([12]));
    const { total } = countFacets(columns, undefined, chosenIn(columns, {}, NOW), NOW);
    expect(total).toBe(2999);
  });

  it('find every listing by halving, with listings whose id came after a higher one among them', () => {
    const rows = listings(1000);
    const columns = columnsOf(rows);
    // ids are 1, 4, 7, ...: 2, 5 and 302 land between them, as a late commit's listings would.
    const strays = [302, 2, 5].map((id) => ({ ...rows[0]!, id }));
    for (const stray of strays) columns.put(stray);
    const later = { ...rows[1]!, id: 10_000 };
    columns.put(later);
    const all = [...rows, ...strays, later];
    all.forEach((row) => expect(columns.listingId[columns.positionOf(row.id)!]).toBe(row.id));
    expect(columns.positionOf(3)).toBeUndefined();
    const ascending = Int32Array.from(all.map((row) => row.id).sort((a, b) => a - b));
    expect([...columns.positionsOf(ascending)].map((at) => columns.listingId[at]).sort((a, b) => a! - b!)).toEqual([
      ...ascending,
    ]);
    columns.remove(5);
    columns.put(strays[2]!);
    expect(columns.size).toBe(1004);
    expect(columns.listingId[columns.positionOf(5)!]).toBe(5);
  });

  it("take a round's good-price marks as told, changing no other bit, strays too, passing over listings not here", () => {
    const rows = listings(1000);
    const columns = columnsOf(rows);
    columns.put({ ...rows[0]!, id: 5, is_good_price: false }); // a stray: 5 lands between 4 and 7
    const good = trustTest({ goodPrice: true })!;
    const bits = (id: number) => columns.trust[columns.positionOf(id)!]!;
    const before = new Map([1, 4, 5, 7, 2998].map((id) => [id, bits(id)]));
    // Marked: 1, 5 and 2998; unmarked: 4 and 7; 6 and 3000 are not here.
    columns.markGoodPrices(Int32Array.of(1, -4, 5, 6, -7, 2998, -3000));
    expect([1, 4, 5, 7, 2998].map((id) => !good(bits(id), 100))).toEqual([true, false, true, false, true]);
    for (const [id, was] of before) expect(withGoodPrice(bits(id), false)).toBe(withGoodPrice(was, false));
    expect(columns.positionOf(6)).toBeUndefined();
    expect(columns.size).toBe(1001);
  });

  it('find the positions of ascending matches by steps from the last one, as each found alone, strays, removed and absent ones too', () => {
    const rows = listings(3000);
    const columns = columnsOf(rows);
    for (const id of [2, 3_001, 3_002, 8_999]) columns.put({ ...rows[0]!, id }); // strays: ids are 1, 4, 7, ...
    columns.remove(4);
    columns.remove(3_001);
    let seed = 11;
    for (const share of [0.001, 0.05, 0.5, 1]) {
      const ids = Int32Array.from({ length: 9_100 }, (_, at) => at).filter(() => {
        seed = (seed * 48_271) % 2_147_483_647;
        return seed / 2_147_483_647 < share;
      });
      const alone = [...ids].map((id) => columns.positionOf(id)).filter((at) => at !== undefined);
      expect([...columns.positionsOf(ids)]).toEqual(alone);
    }
  });
});

describe('at a million listings', () => {
  it('read the matches of words from one list in a string, as the database writes it', () => {
    expect([...idsIn(null)]).toEqual([]);
    expect([...idsIn('')]).toEqual([]);
    expect([...idsIn('7')]).toEqual([7]);
    expect([...idsIn('1,22,333,2147483647')]).toEqual([1, 22, 333, 2_147_483_647]);
  });

  it('are trusted a minute up to 100,000 listings, and past that longer in step with their number', () => {
    expect(freshFor(0)).toBe(COLUMNS_FRESH_MS);
    expect(freshFor(100_000)).toBe(COLUMNS_FRESH_MS);
    expect(freshFor(1_000_000)).toBe(10 * COLUMNS_FRESH_MS);
  });
});
