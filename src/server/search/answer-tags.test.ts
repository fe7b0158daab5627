import { describe, expect, it } from 'vitest';
import { compacted, tags } from '#server/cache/tags';
import { searchQuerySchema, type SearchResult } from '#shared/search';
import { listingSearchTags, searchAnswerTags } from './answer-tags';

const [C1, C2] = ['000000000000000000000001', '000000000000000000000002'];
const listing = {
  category_id: C1,
  brand_key: 'samsung',
  condition: 'Good',
  district: 'Dhaka',
  price: 23_500,
  text_name: 'galaxy a 52',
  text_brand: 'samsung',
  text_location: 'mirpur dhaka',
  text_description: 'box and charger',
};
const found: Pick<SearchResult, 'total' | 'closest' | 'searchedFor'> = { total: 3, closest: false, searchedFor: null };
const recorded = (query: Record<string, string>, answer = found) =>
  searchAnswerTags(searchQuerySchema.parse(query), answer);
const shares = (answer: string[]) => answer.some((tag) => listingSearchTags(listing).includes(tag));

describe('the tags of a search answer and of a listing', () => {
  it('meet on a word the listing has or begins, and on no word it has not', () => {
    expect(recorded({ q: 'samsung galaxy' })).toEqual(['search', 'search:word:sams']);
    expect(shares(recorded({ q: 'samsung galaxy' }))).toBe(true);
    expect(shares(recorded({ q: 'gal' }))).toBe(true);
    expect(shares(recorded({ q: 'a' }))).toBe(true);
    expect(shares(recorded({ q: 'nokia' }))).toBe(false);
  });

  it('record every listing for words corrected, found nowhere, or only closest', () => {
    for (const answer of [
      { ...found, searchedFor: 'samsung' },
      { ...found, total: 0 },
      { ...found, closest: true },
    ]) {
      expect(recorded({ q: 'nokia' }, answer)).toEqual(['search', 'search:any']);
    }
  });

  it('meet on two filters when a listing has one of them, since it then counts in the other facet', () => {
    expect(shares(recorded({ category: C1, condition: 'Fair' }))).toBe(true);
    expect(shares(recorded({ category: C2, brand: 'SAMSUNG' }))).toBe(true);
    expect(shares(recorded({ category: C2, condition: 'Fair', district: 'Khulna' }))).toBe(false);
    // One filter alone: any listing counts in its facet.
    expect(recorded({ category: C2 })).toEqual(['search', 'search:any']);
  });

  it('meet on the price steps of a range, and record every listing for a range too wide', () => {
    expect(shares(recorded({ minPrice: '20000', maxPrice: '25000' }))).toBe(true);
    expect(shares(recorded({ maxPrice: '19999' }))).toBe(false);
    expect(recorded({ minPrice: '1000' })).toEqual(['search', 'search:any']);
    expect(recorded({ maxPrice: '500000' })).toEqual(['search', 'search:any']);
  });

  it("meet a good-price search's tags scoped to good prices only on a flip's, which compact to every good-price search", () => {
    const flip = listingSearchTags(listing).map(tags.goodPrice);
    const good = recorded({ q: 'samsung galaxy', goodPrice: 'true' });
    expect(good).toEqual(['search', 'search:word:sams', 'search:good-price', 'search:good-price:search:word:sams']);
    expect(good.some((tag) => flip.includes(tag))).toBe(true);
    expect(recorded({ q: 'samsung galaxy' }).some((tag) => flip.includes(tag))).toBe(false);
    expect(recorded({ q: 'nokia', goodPrice: 'true' }).some((tag) => flip.includes(tag))).toBe(false);
    expect([...compacted(flip)]).toEqual([tags.goodPriceSearch]);
    expect([...compacted([...flip, ...listingSearchTags(listing)])]).toEqual([tags.search]);
  });

  it('name nothing for a listing no search finds', () => {
    expect(listingSearchTags(undefined)).toEqual([]);
  });
});
