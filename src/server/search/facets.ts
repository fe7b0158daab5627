import { CONDITIONS } from '#shared/products';
import { POSTED_LABELS, POSTED_WITHIN, type FacetOption, type Facets, type SearchFilters } from '#shared/search';
import { FAILS, failureTest, postedSince, type Chosen } from './column-filters';
import { LIVE, VERIFIED_SELLER, type Columns } from './listing-columns';
import { indexedText } from './text';

/** How many listings each option of each filter would give, by column code. */
interface Counted {
  total: number;
  /** Counted in a sample and scaled (see CountLimits): the total and every option's count are estimates. */
  estimate: boolean;
  category: Int32Array;
  brand: Int32Array;
  condition: Int32Array;
  district: Int32Array;
  verified: number;
  posted: Record<(typeof POSTED_WITHIN)[number], number>;
}

/**
 * How much a search's counting looks at on a miss (issue 26: no list read counts the whole list).
 * Up to `exactUpTo` candidates (the matches of its words, or every listing) are all counted. Past
 * it, they are visited in runs of SAMPLE_BLOCK, the runs in an order spread evenly over them (sampleOrder), and the counting stops
 * once `exactUpTo` were looked at and `sampleMatches` results found: the counts, scaled, are then an
 * estimate within a few per cent, at the cost of `exactUpTo` candidates whatever the catalogue's
 * size. A search finding fewer goes on, to an exact count if it stays that narrow: a small total
 * is never an estimate.
 */
export interface CountLimits {
  exactUpTo: number;
  sampleMatches: number;
}

/**
 * Candidates are visited in runs of this many in a row: reading the columns in order is what keeps a
 * pass cheap. A sample holds hundreds of runs (312 for 20,000): the posting times follow the ids,
 * and with 78 runs of 256 the last day's count was 44% off at 100,000 listings (3% now), at no
 * measurable cost.
 */
const SAMPLE_BLOCK = 64;

/**
 * 20,000: a word search's counting then costs the same at 100,000 and at a million listings
 * ("samsung galaxy" matches 14,000 and 142,000; at 100,000 the bound made it 1.6 times dearer at a
 * million), and a search without words at 100,000 listings counts a fifth of them.
 */
export const COUNT_LIMITS: CountLimits = { exactUpTo: 20_000, sampleMatches: 1_000 };

/**
 * A word search ranks at most this many of its matches, the newest (docs/search.md, "Best match"):
 * past it, its ranking costs the same at 100,000 and at a million listings, where ranking every
 * match of "samsung galaxy" (142,000 at a million) cost ten times as much. Its total and facets
 * still count every match, as any other search's (COUNT_LIMITS).
 */
export const RANKED_MATCHES = 20_000;

/**
 * A pass over the matched listings (`positions`; every listing without words), or a sample of them
 * (CountLimits). An option of a filter counts the listings that pass every other filter chosen: what
 * choosing it instead would give. The price range is no facet: outside it a listing counts nowhere.
 */
export function countFacets(
  columns: Columns,
  positions: Int32Array | undefined,
  chosen: Chosen,
  now: number,
  limits: CountLimits = COUNT_LIMITS,
): Counted {
  const failures = failureTest(columns, chosen);
  const since24h = postedSince('24h', now);
  const since7d = postedSince('7d', now);
  const since30d = postedSince('30d', now);
  const categories = new Int32Array(columns.categories.values.length);
  const brands = new Int32Array(columns.brands.values.length);
  const conditions = new Int32Array(columns.conditions.values.length);
  const districts = new Int32Array(columns.districts.values.length + 1);
  let total = 0;
  let verifiedSellers = 0;
  let within24h = 0;
  let within7d = 0;
  let within30d = 0;
  const { state, category, brand, condition, district, postedSecond } = columns;
  const count = positions ? positions.length : columns.size;
  const blocks = Math.ceil(count / SAMPLE_BLOCK);
  const step = count > limits.exactUpTo ? sampleOrder(blocks) : 1;
  let looked = 0;
  for (let visited = 0, block = 0; visited < blocks; visited += 1, block = (block + step) % blocks) {
    if (looked >= limits.exactUpTo && total >= limits.sampleMatches) break;
    const end = Math.min(count, (block + 1) * SAMPLE_BLOCK);
    looked += end - block * SAMPLE_BLOCK;
    for (let k = block * SAMPLE_BLOCK; k < end; k += 1) {
      const at = positions ? positions[k]! : k;
      if (!(state[at]! & LIVE)) continue;
      const failed = failures(at);
      if (failed & (FAILS.price | FAILS.trust)) continue;
      if (failed === 0) total += 1;
      if ((failed & ~FAILS.category) === 0) categories[category[at]!]! += 1;
      if ((failed & ~FAILS.brand) === 0) brands[brand[at]!]! += 1;
      if ((failed & ~FAILS.condition) === 0) conditions[condition[at]!]! += 1;
      if ((failed & ~FAILS.district) === 0) districts[district[at]!]! += 1;
      if ((failed & ~FAILS.verified) === 0 && state[at]! & VERIFIED_SELLER) verifiedSellers += 1;
      if ((failed & ~FAILS.posted) === 0) {
        const posted = postedSecond[at]!;
        if (posted >= since30d) within30d += 1;
        if (posted >= since7d) within7d += 1;
        if (posted >= since24h) within24h += 1;
      }
    }
  }
  const estimate = looked < count;
  const scaled = estimate ? scaleBy(count / looked) : (counted: number) => counted;
  for (const counts of [categories, brands, conditions, districts]) counts.forEach((n, at) => (counts[at] = scaled(n)));
  return {
    total: scaled(total),
    estimate,
    category: categories,
    brand: brands,
    condition: conditions,
    district: districts,
    verified: scaled(verifiedSellers),
    posted: { '24h': scaled(within24h), '7d': scaled(within7d), '30d': scaled(within30d) },
  };
}

/**
 * The step of an order visiting each of `count` runs once, spread evenly over them: a prime near
 * count / φ, sharing no factor with count (a Weyl sequence). Candidates are in id order, and a
 * plain every-n-th would miss or double whatever repeats with a period near n.
 */
function sampleOrder(count: number): number {
  let step = Math.round(count / 1.618_034) | 1;
  while (!isPrime(step) || count % step === 0) step += 2;
  return step;
}

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d += 1) if (n % d === 0) return false;
  return true;
}

/** A count in a sample, scaled to all and rounded to two significant digits: it says no more than it knows. */
const scaleBy =
  (factor: number) =>
  (counted: number): number => {
    if (counted === 0) return 0;
    const scaled = counted * factor;
    const grain = 10 ** Math.max(0, Math.floor(Math.log10(scaled)) - 1);
    return Math.max(1, Math.round(scaled / grain) * grain);
  };

/** The options that would give something, labelled; `values[code]` is the option's value. */
function optionsOf(
  counts: Int32Array,
  valueOf: (code: number) => string | undefined,
  labelOf: (code: number, value: string) => string,
): FacetOption[] {
  const options: FacetOption[] = [];
  counts.forEach((count, code) => {
    const value = valueOf(code);
    if (count > 0 && value !== undefined) options.push({ value, label: labelOf(code, value), count });
  });
  return options;
}

const byCount = (a: FacetOption, b: FacetOption) => b.count - a.count || a.label.localeCompare(b.label);

/** The option a filter has chosen stays in its list, with 0, so it can be seen and cleared. */
function withChosen(options: FacetOption[], chosen: string | undefined, label = chosen): FacetOption[] {
  if (chosen === undefined || options.some((option) => option.value === chosen)) return options;
  return [...options, { value: chosen, label: label ?? chosen, count: 0 }];
}

/** The total and the facets as the API answers them. */
export function facetsOf(
  counted: Counted,
  columns: Columns,
  filters: SearchFilters,
  categoryNames: Map<string, string>,
): { total: number; totalIsEstimate: boolean; facets: Facets } {
  const same = (_: number, value: string) => value;
  const facets: Facets = {
    category: withChosen(
      optionsOf(
        counted.category,
        (code) => columns.categories.values[code],
        (_, id) => categoryNames.get(id) ?? id,
      ).sort(byCount),
      filters.category,
      categoryNames.get(filters.category ?? ''),
    ),
    brand: withChosen(
      optionsOf(
        counted.brand,
        (code) => columns.brands.values[code],
        (code) => columns.brands.labels[code]!,
      ).sort(byCount),
      filters.brand === undefined ? undefined : indexedText(filters.brand),
      filters.brand,
    ),
    condition: optionsOf(counted.condition, (code) => columns.conditions.values[code], same).sort(
      (a, b) => CONDITIONS.indexOf(a.value as never) - CONDITIONS.indexOf(b.value as never),
    ),
    district: withChosen(
      optionsOf(counted.district, (code) => columns.districts.values[code - 1], same).sort(byCount),
      filters.district,
    ),
    verified: counted.verified > 0 ? [{ value: 'true', label: 'Verified sellers only', count: counted.verified }] : [],
    posted: POSTED_WITHIN.map((period) => ({
      value: period,
      label: POSTED_LABELS[period],
      count: counted.posted[period],
    })),
  };
  return { total: counted.total, totalIsEstimate: counted.estimate, facets };
}
