import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema, type SearchResult } from '#shared/search';
import type { StoreProductRequest } from '#shared/products';
import type { SearchEngine } from '#server/search/engine';
import { rankedIds, scoredAmong, textMatch } from '#server/search/repository';
import { KEPT_IDS_LIMITS, SqlSearch } from '#server/search/sql-search';
import { termsOf } from '#server/search/words';
import { createTestApp, type TestApp } from './support/app';
import { testDatabaseUrl } from './support/postgres';
import { registerActor, type Actor } from './support/actors';
import { editListing, listProduct } from './support/products';
import { timeLimit } from './support/time-limits';

/*
 * A word search ranks at most the newest RANKED_MATCHES of its matches (docs/search.md, "Best
 * match"); here the bound is lowered to a few through SqlSearch's own parameter, so that ten
 * listings are past it.
 */
const BOUND = 4;

let t: TestApp;
let seller: Actor;
let otherSeller: Actor;
let bounded: SqlSearch;
/** The listings in the order they were listed (so their ids grow): `quokka` in the odd ones only. */
const listed: Array<{ key: string; id: string }> = [];

/** How strongly each matching listing says the word: more often ranks higher. */
const QUOKKAS: Record<string, number> = { q1: 5, q2: 1, q3: 1, q4: 1, q5: 1, q6: 1, q7: 3, q8: 1, q9: 4, q10: 1 };

const fieldsOf = (times: number): Partial<StoreProductRequest> => ({
  productName: 'Quokka phone',
  // One price for all: one far below the others would wait for the admin's review, unfound.
  resalePrice: 20_000,
  brand: 'Quokkatel',
  description: `${'quokka '.repeat(times - 1)}in a plain case, used for a year.`,
});

beforeAll(async () => {
  // The app's search engine, made once the app's database is there.
  const search: SearchEngine = { search: (query) => bounded.search(query), suggest: (text) => bounded.suggest(text) };
  t = await createTestApp({}, {}, { search });
  bounded = new SqlSearch(t.db, t.engine, KEPT_IDS_LIMITS, BOUND);
  [seller, otherSeller] = await Promise.all([registerActor(t.app, 'seller'), registerActor(t.app, 'seller')]);
  for (let n = 1; n <= 10; n += 1) {
    listed.push({
      key: `other${n}`,
      id: await listProduct(otherSeller, { productName: 'Wombat phone', brand: 'Wombatel', resalePrice: 20_000 }),
    });
    listed.push({ key: `q${n}`, id: await listProduct(seller, fieldsOf(QUOKKAS[`q${n}`]!)) });
  }
}, timeLimit(90_000));
afterAll(() => t.close());

async function search(params: Record<string, string | number>): Promise<SearchResult> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return searchResultSchema.parse(response.json());
}

const keysOf = (result: SearchResult) => result.items.map((item) => listed.find((l) => l.id === item._id)?.key);

/** Every page of a word search by best match, `limit` a page: the ranked part, then deep pages. */
async function allPages(q: string, limit = 3): Promise<Array<string | undefined>> {
  const keys: Array<string | undefined> = [];
  for (let page = 1; ; page += 1) {
    const found = keysOf(await search({ q, page, limit }));
    keys.push(...found);
    if (found.length < limit) return keys;
  }
}

const countOf = (options: SearchResult['facets']['brand'], value: string) =>
  options.find((option) => option.value === value)?.count;

describe('a word search past its ranked bound', () => {
  it('ranks the newest matches by relevance; the older follow by id, newest first, on every page size', async () => {
    // The newest four (q7 to q10) by how often they say the word; q1, the strongest of all, is older.
    const order = ['q9', 'q7', 'q10', 'q8', 'q6', 'q5', 'q4', 'q3', 'q2', 'q1'];
    // Pages of 3 and 5 cross the bound inside a page, pages of 4 at one's end: no repeat, no gap.
    for (const limit of [1, 3, 4, 5, 20]) expect(await allPages('quokka', limit)).toEqual(order);
  });

  it('counts the total and facets of every match exactly, as below the bound', async () => {
    const first = await search({ q: 'quokka' });
    expect(first).toMatchObject({ total: 10, totalIsEstimate: false });
    expect(countOf(first.facets.brand, 'quokkatel')).toBe(10);
    // Every listing was posted just now: each period holds all ten, none scaled.
    expect(first.facets.posted.map((option) => option.count)).toEqual([10, 10, 10]);
    expect(await search({ q: 'quokka', posted: '24h' })).toMatchObject({ total: 10, totalIsEstimate: false });
    expect(await search({ q: 'quokka', sort: 'newest' })).toMatchObject({ total: 10, totalIsEstimate: false });
    const wombats = await search({ q: 'quokka', brand: 'Wombatel' });
    expect(wombats).toMatchObject({ total: 0, totalIsEstimate: false, closest: false });
  });

  it('the closest results past the bound: every close listing once', async () => {
    // No listing says both words: the closest say one, the twenty listings of either word.
    const closest = await search({ q: 'quokka wombat' });
    expect(closest).toMatchObject({ total: 20, totalIsEstimate: false, closest: true });
    const keys = await allPages('quokka wombat');
    expect(new Set(keys).size).toBe(20);
    expect(keys).toHaveLength(20);
  });

  it('a new matching listing enters the ranked part at its place; a hidden or edited one leaves', async () => {
    listed.push({ key: 'q11', id: await listProduct(seller, fieldsOf(6)) });
    const withNew = await allPages('quokka');
    // The kept ranking takes q11 in at its score on either engine (SqlSearch.rankingOf); the ranked
    // part's order among the same words is bm25's or ts_rank's, so only its ends are asserted.
    expect(withNew[0]).toBe('q11');
    expect(withNew.slice(-6)).toEqual(['q6', 'q5', 'q4', 'q3', 'q2', 'q1']);
    expect(new Set(withNew).size).toBe(11);
    expect(withNew).toHaveLength(11);
    expect(await search({ q: 'quokka' })).toMatchObject({ total: 11, totalIsEstimate: false });

    const q9 = listed.find((l) => l.key === 'q9')!.id;
    expect((await seller.request({ method: 'PUT', url: `/api/hide/product/${q9}` })).statusCode).toBe(200);
    const q2 = listed.find((l) => l.key === 'q2')!.id;
    expect((await seller.request({ method: 'PUT', url: `/api/hide/product/${q2}` })).statusCode).toBe(200);
    const q7 = listed.find((l) => l.key === 'q7')!.id;
    const edited = await editListing(seller, q7, {
      productName: 'Wombat phone',
      brand: 'Wombatel',
      description: 'Plain.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await allPages('quokka');
    expect(after).not.toContain('q9');
    expect(after).not.toContain('q2');
    expect(after).not.toContain('q7');
    expect(after[0]).toBe('q11');
    expect(after.slice(-5)).toEqual(['q6', 'q5', 'q4', 'q3', 'q1']);
    expect(after).toHaveLength(8);
    const counted = await search({ q: 'quokka' });
    expect(counted).toMatchObject({ total: 8, totalIsEstimate: false });
    expect(countOf(counted.facets.brand, 'quokkatel')).toBe(8);
  });
});

/** On SQLite only: PostgreSQL's statements do not hold the event loop, and read in one. */
describe.runIf(!testDatabaseUrl())('a ranking read in parts', () => {
  it('is the ranking one statement reads: the same order, scores and older bound', async () => {
    const { terms } = await termsOf(t.db, 'quokka phone');
    for (const words of [terms.slice(0, 1), terms]) {
      const match = textMatch(t.engine, words);
      for (const atMost of [4, 15, 40]) {
        const whole = await rankedIds(t.db, match, atMost, atMost + 1);
        expect(whole.ids.length).toBeGreaterThan(0);
        for (const perStatement of [1, 2, 3]) expect(await rankedIds(t.db, match, atMost, perStatement)).toEqual(whole);
      }
    }
  });
});

describe.runIf(!testDatabaseUrl())('the scores of written listings on SQLite', () => {
  it('are the same read among the newest matches or sought one by one', async () => {
    const { terms } = await termsOf(t.db, 'quokka');
    const match = textMatch(t.engine, terms);
    const { ids } = await rankedIds(t.db, match, 40);
    const named = { productIds: [listed.at(-1)!.id], listingIds: [ids[0]!, ids.at(-1)!, 999_999] };
    const byScore = (found: Array<{ id: number; score: number }>) => [...found].sort((a, b) => a.id - b.id);
    const amongNewest = byScore(await scoredAmong(t.db, match, named));
    expect(amongNewest.map((found) => found.id)).toEqual(
      [...new Set([ids[0]!, ids.at(-1)!, Math.max(...ids)])].sort((a, b) => a - b),
    );
    // Too many newer matches to read them all: those older than the ones read are sought one by one.
    for (const recentAtMost of [0, 1, 2]) {
      expect(byScore(await scoredAmong(t.db, match, named, recentAtMost))).toEqual(amongNewest);
    }
  });
});
