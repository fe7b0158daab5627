/*
 * The search requests the benchmark measures: text (one misspelt, one in Bangla), filter
 * combinations and sorts, and suggestions. Each is timed once alone first, its first answer, which
 * the app computes, then under load twice: as a popular search (the same request again and again,
 * answered from the cache after the first, until the catalog changes), and as a long tail of
 * different searches (every request new, so every answer computed).
 */
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { measureInTurn, type Measured } from './load';
import { BROWSER_HEADERS } from './yardstick';

export const SEARCH_CONNECTIONS = 16;

const samsung = CATEGORY_CATALOGUE.find((c) => c.name === 'Samsung')!.id;
const QUERIES: Array<[label: string, path: string]> = [
  ['newest, no filter', '/api/search'],
  ['words: samsung galaxy', '/api/search?q=samsung+galaxy'],
  ['words: iphone 12 pro', '/api/search?q=iphone+12+pro'],
  ['misspelt: samsng galxy', '/api/search?q=samsng+galxy'],
  ['Bangla: আইফোন', `/api/search?q=${encodeURIComponent('আইফোন')}`],
  ['words + price, by price', '/api/search?q=galaxy&minPrice=20000&maxPrice=60000&sort=price_asc'],
  ['brand + max price', '/api/search?brand=samsung&maxPrice=30000'],
  ['category + condition, by price', `/api/search?category=${samsung}&condition=Good&sort=price_asc`],
  ['district + 7 days', '/api/search?district=Dhaka&posted=7d'],
  ['verified, price high-low', '/api/search?verified=true&sort=price_desc'],
  ['suggestions: gal', '/api/search/suggestions?q=gal'],
];

export interface SearchRow {
  label: string;
  /** The first answer's time, alone, in ms. */
  firstMs: number;
  /** The same request again and again. */
  popular: Measured;
  /** Every request new: every answer computed (measureLongTail). */
  computed?: Measured;
}

/** Each query: its first answer from every marketplace (one per size), then all of them under load in turn. */
export async function measureSearches(
  origins: Map<number, string>,
  seconds: number,
  rounds: number,
): Promise<Map<number, SearchRow[]>> {
  const rows = new Map([...origins.keys()].map((size) => [size, [] as SearchRow[]]));
  for (const [label, path] of QUERIES) {
    const first = new Map<number, number>();
    for (const [size, origin] of origins) first.set(size, await firstAnswerMs(origin + path));
    const popular = await measureInTurn(urlsOf(origins, path), SEARCH_CONNECTIONS, seconds, rounds);
    [...origins.keys()].forEach((size, index) => {
      rows.get(size)!.push({ label, firstMs: first.get(size)!, popular: popular[index]! });
    });
  }
  return rows;
}

/** The same queries as a long tail of different searches, into the rows measureSearches made. */
export async function measureLongTail(
  origins: Map<number, string>,
  seconds: number,
  rounds: number,
  rows: Map<number, SearchRow[]>,
): Promise<void> {
  for (const [index, [, path]] of QUERIES.entries()) {
    const computed = await measureInTurn(urlsOf(origins, path), SEARCH_CONNECTIONS, seconds, rounds, {
      everyRequestNew: true,
    });
    [...origins.keys()].forEach((size, at) => (rows.get(size)![index]!.computed = computed[at]!));
  }
}

const urlsOf = (origins: Map<number, string>, path: string) => [...origins.values()].map((origin) => origin + path);

async function firstAnswerMs(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: BROWSER_HEADERS });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}
