import { POSTED_HOURS, type SearchFilters } from '#shared/search';
import { secondOf, VERIFIED_SELLER, type Columns } from './listing-columns';
import { indexedText } from './text';
import { trustTest } from './trust-bits';

/*
 * The search's filters applied to the listing columns in memory, with the same meaning as their
 * SQL in repository.ts: facet counts and best-match pages are read this way.
 */

/**
 * Each filter a listing may fail, as a bit; failing the price range or a trust filter (docs/trust.md)
 * keeps it out of every count.
 */
export const FAILS = {
  category: 1,
  brand: 2,
  condition: 4,
  district: 8,
  verified: 16,
  posted: 32,
  price: 64,
  trust: 128,
} as const;

const NOT_CHOSEN = -1;
/** A value chosen that no listing has: it fails every listing (the codes begin at 0). */
const NOBODY_HAS = -2;

/** The filters as the columns hold them: codes instead of strings, times in milliseconds. */
export interface Chosen {
  category: number;
  brand: number;
  condition: number;
  district: number;
  verified: boolean;
  postedSince: number;
  minPrice: number;
  maxPrice: number;
  failsTrust: ReturnType<typeof trustTest>;
}

const codeIn = (code: number) => (code < 0 ? NOBODY_HAS : code);

/** The district column counts from 1: 0 is a location that names none. */
function districtCode(columns: Columns, district: string): number {
  const code = columns.districts.find(district);
  return code < 0 ? NOBODY_HAS : code + 1;
}

export function chosenIn(columns: Columns, filters: SearchFilters, now: number): Chosen {
  const { category, brand, condition, district, posted } = filters;
  return {
    category: category === undefined ? NOT_CHOSEN : codeIn(columns.categories.find(category)),
    brand: brand === undefined ? NOT_CHOSEN : codeIn(columns.brands.find(indexedText(brand))),
    condition: condition === undefined ? NOT_CHOSEN : codeIn(columns.conditions.find(condition)),
    district: district === undefined ? NOT_CHOSEN : districtCode(columns, district),
    verified: filters.verified === true,
    postedSince: posted === undefined ? -Infinity : postedSince(posted, now),
    minPrice: filters.minPrice ?? -Infinity,
    maxPrice: filters.maxPrice ?? Infinity,
    failsTrust: trustTest(filters),
  };
}

/** The first second (Columns.postedSecond) within a period: a listing posted in it passes. */
export const postedSince = (period: keyof typeof POSTED_HOURS, now: number) =>
  secondOf(now - POSTED_HOURS[period] * 3_600_000);

/**
 * The filters a listing fails, by position, as FAILS bits; 0 when it passes them all. Called for
 * every matched listing of a search (100,000 without words), so the columns and the chosen codes
 * are read into locals once.
 */
export function failureTest(columns: Columns, chosen: Chosen): (position: number) => number {
  const { price, category, brand, condition, district, state, postedSecond, trust, battery } = columns;
  const { minPrice, maxPrice, postedSince, failsTrust } = chosen;
  const [anyCategory, anyBrand, anyCondition, anyDistrict] = [
    chosen.category,
    chosen.brand,
    chosen.condition,
    chosen.district,
  ].map((code) => code === NOT_CHOSEN);
  const onlyVerified = chosen.verified;
  return (at) => {
    const listed = price[at]!;
    return (
      (listed < minPrice || listed > maxPrice ? FAILS.price : 0) |
      (anyCategory || category[at] === chosen.category ? 0 : FAILS.category) |
      (anyBrand || brand[at] === chosen.brand ? 0 : FAILS.brand) |
      (anyCondition || condition[at] === chosen.condition ? 0 : FAILS.condition) |
      (anyDistrict || district[at] === chosen.district ? 0 : FAILS.district) |
      (onlyVerified && !(state[at]! & VERIFIED_SELLER) ? FAILS.verified : 0) |
      (postedSecond[at]! < postedSince ? FAILS.posted : 0) |
      (failsTrust?.(trust[at]!, battery[at]!) ? FAILS.trust : 0)
    );
  };
}
