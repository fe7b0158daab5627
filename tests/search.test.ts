import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RawNode, type KyselyPlugin } from 'kysely';
import { searchQuerySchema, searchResultSchema, type SearchResult } from '#shared/search';
import type { StoreProductRequest } from '#shared/products';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { searchChangeNotes } from '#server/search/change-notes';
import { changesSince, indexVersion, syncListing, wordsOf } from '#server/search/indexing';
import { COLUMNS_FRESH_MS, ListingColumns, type Columns } from '#server/search/listing-columns';
import { ENTRY_OVERHEAD_BYTES } from '#server/search/kept-ids';
import type { Ranking, TextMatch } from '#server/search/repository';
import { brandsToWarm, RANKING_DRIFT_MS, SqlSearch } from '#server/search/sql-search';
import { createTestApp, type TestApp } from './support/app';
import { adminActor, registerActor, type Actor } from './support/actors';
import { listProduct } from './support/products';
import { timeLimit } from './support/time-limits';

let t: TestApp;
let seller: Actor;
let otherSeller: Actor;
let admin: Actor;
const ids: Record<string, string> = {};

const category = (name: string) => CATEGORY_CATALOGUE.find((c) => c.name === name)!.id;

const LISTINGS: Record<string, Partial<StoreProductRequest> & { by: 'seller' | 'other' }> = {
  a52: {
    by: 'seller',
    productName: 'Galaxy A52',
    brand: 'Samsung',
    category_id: category('Samsung'),
    resalePrice: 25000,
    productCondition: 'Good',
    location: 'Dhaka, Mirpur',
    description: 'Comes with a leather cover and the original box.',
  },
  iphone12: {
    by: 'seller',
    productName: 'iPhone 12',
    brand: 'Apple',
    category_id: category('iPhone'),
    resalePrice: 52000,
    productCondition: 'Exellent',
    location: 'Chittagong, GEC',
    description: 'Battery health 88 percent, no scratches.',
  },
  s21: {
    by: 'other',
    productName: 'Galaxy S21',
    brand: 'SAMSUNG',
    category_id: category('Samsung'),
    resalePrice: 45000,
    productCondition: 'Fair',
    location: 'Sylhet',
    description: 'Screen has a small crack in the corner.',
  },
  redmi: {
    by: 'other',
    productName: 'Redmi Note 11',
    brand: 'Xiaomi',
    category_id: category('Xiaomi'),
    resalePrice: 12000,
    productCondition: 'Good',
    location: 'Rangpur',
    description: 'Used for a year by my brother.',
  },
  bangla: {
    by: 'other',
    productName: 'স্যামসাং গ্যালাক্সি এম৩২',
    brand: 'Samsung',
    category_id: category('Samsung'),
    resalePrice: 15000,
    productCondition: 'Good',
    location: 'রাজশাহী',
    description: 'ভালো অবস্থায় আছে, দাম ১৫০০০ টাকা',
  },
  sold: {
    by: 'seller',
    productName: 'Pixel 6',
    brand: 'Google',
    category_id: category('Google Pixel'),
    resalePrice: 40000,
    productCondition: 'Good',
    location: 'Khulna',
    description: 'A pixel that someone bought.',
  },
  deleted: {
    by: 'seller',
    productName: 'OnePlus 9',
    brand: 'OnePlus',
    category_id: category('OnePlus'),
    resalePrice: 30000,
    productCondition: 'Good',
    location: 'Khulna',
    description: 'Deleted by its seller.',
  },
};
const FINDABLE = ['a52', 'iphone12', 's21', 'redmi', 'bangla'];

beforeAll(async () => {
  t = await createTestApp();
  [seller, otherSeller] = await Promise.all([registerActor(t.app, 'seller'), registerActor(t.app, 'seller')]);
  admin = await adminActor(t.app, t.db);
  const verified = await admin.request({ method: 'PUT', url: `/api/verify_seller?email=${seller.email}` });
  expect(verified.statusCode).toBe(200);
  for (const [key, { by, ...fields }] of Object.entries(LISTINGS)) {
    ids[key] = await listProduct(by === 'seller' ? seller : otherSeller, fields);
  }
  // The iPhone was posted ten days ago.
  const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3_600_000).toISOString();
  await t.db.transaction().execute(async (trx) => {
    await trx.updateTable('products').set({ posted_at: tenDaysAgo }).where('id', '=', ids.iphone12!).execute();
    await syncListing(trx, ids.iphone12!);
    // Selling goes through the same function as every other write.
    await trx.updateTable('products').set({ is_sold: true }).where('id', '=', ids.sold!).execute();
    await syncListing(trx, ids.sold!);
  });
  const deleted = await seller.request({ method: 'DELETE', url: `/api/delete/product/${ids.deleted}` });
  expect(deleted.json()).toMatchObject({ deletedCount: 1 });
}, timeLimit(60_000));
afterAll(() => t.close());

async function search(params: Record<string, string | number> = {}): Promise<SearchResult> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return searchResultSchema.parse(response.json());
}

const keysOf = (result: SearchResult) =>
  result.items.map((item) => Object.entries(ids).find(([, id]) => id === item._id)?.[0] ?? item._id);

describe('GET /api/search: text', () => {
  it('without words answers every findable phone, newest first', async () => {
    const result = await search();
    expect(result.total).toBe(FINDABLE.length);
    expect(result.sort).toBe('newest');
    expect(keysOf(result)).toEqual(['bangla', 'redmi', 's21', 'a52', 'iphone12']);
    expect(result.searchedFor).toBeNull();
  });

  it('finds by name, brand, description and location, and every word counts', async () => {
    expect(keysOf(await search({ q: 'galaxy' })).sort()).toEqual(['a52', 's21']);
    expect(keysOf(await search({ q: 'Galaxy A52' }))).toEqual(['a52']);
    expect(keysOf(await search({ q: 'xiaomi' }))).toEqual(['redmi']);
    expect(keysOf(await search({ q: 'leather cover' }))).toEqual(['a52']);
    expect(keysOf(await search({ q: 'mirpur' }))).toEqual(['a52']);
    expect(keysOf(await search({ q: 'galaxy crack' }))).toEqual(['s21']);
    const noPhoneHasBoth = await search({ q: 'galaxy rangpur' });
    expect(noPhoneHasBoth.closest).toBe(true);
    expect(keysOf(noPhoneHasBoth).sort()).toEqual(['a52', 'redmi', 's21']);
    expect((await search({ q: 'galaxy a52' })).closest).toBe(false);
  });

  it('splits letters from digits, in the words typed and in the listings', async () => {
    for (const q of ['iphone12', 'IPHONE 12', 'iPhone12 apple']) {
      const result = await search({ q });
      expect(keysOf(result), q).toEqual(['iphone12']);
      expect(result.closest).toBe(false);
    }
    expect(keysOf(await search({ q: 'redmi note11' }))).toEqual(['redmi']);
    // "galaxya" is one letter from "galaxy", and the digits stay a word of their own.
    expect(await search({ q: 'galaxya52' })).toMatchObject({ searchedFor: 'galaxy 52', total: 1 });
    expect(keysOf(await search({ q: 'samsung a 52' }))).toEqual(['a52']);
  });

  it('shows the phones matching the most words, under closest, when none matches them all', async () => {
    // Only an iPhone 12 is listed: it has two of the four words.
    for (const params of [{ q: 'iphone 12 pro max' }, { q: 'iphone 12 pro max', sort: 'price_asc' }] as Array<
      Record<string, string>
    >) {
      const result = await search(params);
      expect(result).toMatchObject({ closest: true, total: 1 });
      expect(keysOf(result)).toEqual(['iphone12']);
      expect(result.facets.brand.map(({ value, count }) => [value, count])).toEqual([['apple', 1]]);
    }
    // The closest among the phones the filters keep: Samsungs with "galaxy" (the iPhone has "12").
    const samsungOnly = await search({ q: 'galaxy iphone 12', brand: 'samsung' });
    expect(samsungOnly.closest).toBe(true);
    expect(keysOf(samsungOnly).sort()).toEqual(['a52', 's21']);
    // No phone the filters keep has any of the words, and a word nobody wrote: nothing, and not closest.
    for (const params of [{ q: 'iphone 12 pro max', brand: 'xiaomi' }, { q: 'zzyzx qwyrt' }] as Array<
      Record<string, string>
    >) {
      expect(await search(params)).toMatchObject({ closest: false, total: 0, items: [] });
    }
  });

  it('finds a phone through misspelt words and says what it searched for', async () => {
    const samsung = await search({ q: 'samsng galxy' });
    expect(keysOf(samsung)).toContain('a52');
    expect(samsung.searchedFor).toBe('samsung galaxy');
    const iphone = await search({ q: 'iphnoe 12' });
    expect(keysOf(iphone)).toEqual(['iphone12']);
    expect(iphone.searchedFor).toBe('iphone 12');
  });

  it('takes an unfinished word as the beginning of one', async () => {
    const result = await search({ q: 'galax' });
    expect(keysOf(result).sort()).toEqual(['a52', 's21']);
    expect(result.searchedFor).toBeNull();
  });

  it('finds a listing named in Bangla by its Bangla name, and Bengali digits as ASCII ones', async () => {
    expect(keysOf(await search({ q: 'গ্যালাক্সি' }))).toEqual(['bangla']);
    expect(keysOf(await search({ q: 'স্যামসাং গ্যালাক্সি' }))).toEqual(['bangla']);
    expect(keysOf(await search({ q: 'এম32' }))).toEqual(['bangla']);
    expect(keysOf(await search({ q: '১৫০০০' }))).toEqual(['bangla']);
    expect(keysOf(await search({ q: 'iphone ১২' }))).toEqual(['iphone12']);
  });

  it('never finds sold or deleted phones, by words or in counts', async () => {
    for (const q of ['pixel', 'oneplus', 'google']) expect((await search({ q })).total).toBe(0);
    const all = await search({ limit: 100 });
    expect(all.items.map((item) => item._id)).not.toContain(ids.sold);
    expect(all.facets.category.map((option) => option.value)).not.toContain(category('Google Pixel'));
    expect(all.facets.brand.map((option) => option.value)).not.toContain('oneplus');
  });
});

describe('GET /api/search: filters', () => {
  const filterCases: Array<[string, Record<string, string | number>, string[]]> = [
    ['category', { category: category('Samsung') }, ['a52', 's21', 'bangla']],
    ['brand, whatever its case', { brand: 'samsung' }, ['a52', 's21', 'bangla']],
    ['condition', { condition: 'Good' }, ['a52', 'redmi', 'bangla']],
    ['lowest price', { minPrice: 25000 }, ['a52', 's21', 'iphone12']],
    ['highest price', { maxPrice: 15000 }, ['redmi', 'bangla']],
    ['price range', { minPrice: 15000, maxPrice: 45000 }, ['a52', 's21', 'bangla']],
    ['district, from the location text and its old spelling', { district: 'Chattogram' }, ['iphone12']],
    ['district written in Bangla', { district: 'Rajshahi' }, ['bangla']],
    ['verified sellers only', { verified: 'true' }, ['a52', 'iphone12']],
    ['posted within 7 days', { posted: '7d' }, ['a52', 's21', 'redmi', 'bangla']],
    ['posted within 30 days', { posted: '30d' }, FINDABLE],
    ['several at once', { brand: 'Samsung', maxPrice: 30000, condition: 'Good' }, ['a52', 'bangla']],
    ['with words', { q: 'galaxy', verified: 'true' }, ['a52']],
  ];
  for (const [name, params, expected] of filterCases) {
    it(name, async () => {
      const result = await search(params);
      expect(keysOf(result).sort()).toEqual([...expected].sort());
      expect(result.total).toBe(expected.length);
    });
  }

  it('an empty parameter is no filter', async () => {
    expect((await search({ brand: '', district: '', minPrice: '' })).total).toBe(FINDABLE.length);
  });
});

describe('GET /api/search: sorting and paging', () => {
  it('sorts by price both ways, newest, and best match when there are words', async () => {
    expect(keysOf(await search({ sort: 'price_asc' }))).toEqual(['redmi', 'bangla', 'a52', 's21', 'iphone12']);
    expect(keysOf(await search({ sort: 'price_desc' }))).toEqual(['iphone12', 's21', 'a52', 'bangla', 'redmi']);
    expect(keysOf(await search({ q: 'galaxy', sort: 'newest' }))).toEqual(['s21', 'a52']);
    const best = await search({ q: 'samsung a52' });
    expect(best.sort).toBe('best');
    expect(keysOf(best)[0]).toBe('a52');
    // Best match without words is the newest first.
    expect((await search({ sort: 'best' })).sort).toBe('newest');
  });

  it('pages with the total of all pages', async () => {
    const second = await search({ sort: 'price_asc', limit: 2, page: 2 });
    expect(keysOf(second)).toEqual(['a52', 's21']);
    expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect((await search({ limit: 2, page: 4 })).items).toEqual([]);
  });
});

describe('GET /api/search: facet counts', () => {
  const sum = (options: Array<{ count: number }>) => options.reduce((total, option) => total + option.count, 0);

  it('add up to the total', async () => {
    const { facets, total } = await search();
    expect(sum(facets.category)).toBe(total);
    expect(sum(facets.brand)).toBe(total);
    expect(sum(facets.condition)).toBe(total);
    expect(sum(facets.district)).toBe(total);
    expect(facets.brand).toContainEqual({ value: 'samsung', label: expect.stringMatching(/^samsung$/i), count: 3 });
    expect(facets.verified).toEqual([{ value: 'true', label: 'Verified sellers only', count: 2 }]);
    expect(facets.posted).toEqual([
      { value: '24h', label: 'Last 24 hours', count: 4 },
      { value: '7d', label: 'Last 7 days', count: 4 },
      { value: '30d', label: 'Last 30 days', count: 5 },
    ]);
  });

  it('count what choosing each option instead would give, under the other filters', async () => {
    const { facets, total } = await search({ brand: 'samsung', condition: 'Good' });
    expect(total).toBe(2);
    // Brands under "Good": Samsung 2, Xiaomi 1; conditions under "Samsung": Good 2, Fair 1.
    expect(facets.brand.map(({ value, count }) => [value, count])).toEqual([
      ['samsung', 2],
      ['xiaomi', 1],
    ]);
    expect(facets.condition.map(({ value, count }) => [value, count])).toEqual([
      ['Good', 2],
      ['Fair', 1],
    ]);
    expect(sum(facets.district)).toBe(total);
  });

  it('follow the words searched for', async () => {
    const { facets } = await search({ q: 'galaxy' });
    expect(facets.district.map(({ value, count }) => [value, count]).sort()).toEqual([
      ['Dhaka', 1],
      ['Sylhet', 1],
    ]);
  });
});

describe('GET /api/search: bad parameters are a 400 with a message', () => {
  const bad: Array<[string, string]> = [
    ['sort=cheapest', 'sort'],
    ['minPrice=abc', 'minPrice'],
    ['minPrice=-5', 'minPrice'],
    ['minPrice=5000&maxPrice=100', 'minPrice'],
    ['maxPrice=1.5', 'maxPrice'],
    ['district=Atlantis', 'district'],
    ['condition=Mint', 'condition'],
    ['category=not-an-id', 'category'],
    ['verified=maybe', 'verified'],
    ['posted=1y', 'posted'],
    ['page=0', 'page'],
    ['limit=1000', 'limit'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['q=%00', 'q'],
  ];
  for (const [query, field] of bad) {
    it(query.slice(0, 40), async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      expect(Object.keys(response.json().fields ?? {})).toContain(field);
    });
  }

  it('quotes and operators of either engine are no syntax: punctuation alone searches for nothing in particular', async () => {
    for (const q of ['"', "'", '*', '(', ':*', '&|!']) expect((await search({ q })).total).toBe(FINDABLE.length);
    for (const q of ['galaxy"', "galaxy' | a52", 'NEAR(galaxy', 'galaxy:*', 'a52 OR iphone']) await search({ q });
  });
});

describe('GET /api/search/suggestions', () => {
  const suggest = async (q: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/search/suggestions?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ suggestions: Array<{ text: string; brand: string }> }>().suggestions;
  };

  it('suggests phone names by the beginning of a name or brand', async () => {
    expect((await suggest('gal')).map((s) => s.text).sort()).toEqual(['SAMSUNG Galaxy S21', 'Samsung Galaxy A52']);
    expect(await suggest('iph')).toEqual([{ text: 'Apple iPhone 12', brand: 'Apple' }]);
    expect((await suggest('samsng')).length).toBe(3);
    expect(await suggest('গ্যালা')).toEqual([{ text: 'Samsung স্যামসাং গ্যালাক্সি এম৩২', brand: 'Samsung' }]);
  });

  it('suggests nothing for a single letter, and never a sold phone', async () => {
    expect(await suggest('g')).toEqual([]);
    expect(await suggest('pixel')).toEqual([]);
  });
});

describe('the index follows the listings', () => {
  it('a hidden phone is not found until it is shown again; an edit is found by its new words', async () => {
    // Counted first, so the counts kept for this search must be dropped when the index changes.
    const samsungs = async () => (await search()).facets.brand.find((b) => b.value === 'samsung')?.count;
    expect(await samsungs()).toBe(3);
    expect((await search({ q: 'galaxy a52' })).total).toBe(1);
    const hide = await seller.request({ method: 'PUT', url: `/api/hide/product/${ids.a52}` });
    expect(hide.statusCode).toBe(200);
    // No phone has every word now: the closest (the S21, "galaxy" and "a small crack") stand in.
    const hidden = await search({ q: 'galaxy a52' });
    expect(hidden).toMatchObject({ closest: true });
    expect(keysOf(hidden)).toEqual(['s21']);
    expect(await samsungs()).toBe(2);
    await seller.request({ method: 'PUT', url: `/api/show/product/${ids.a52}` });
    expect(keysOf(await search({ q: 'galaxy a52' }))).toEqual(['a52']);
    expect(await samsungs()).toBe(3);

    await editListing('iphone12', { description: 'Now with a marigold case.' });
    expect(keysOf(await search({ q: 'marigold' }))).toEqual(['iphone12']);
    expect((await search({ q: 'scratches' })).total).toBe(0);
  });

  it('a price edit is found by the same words at its new price; a new name by its new words, not its old', async () => {
    const priceOf = async (q: string) =>
      (await search({ q })).items.find((item) => item._id === ids.redmi)?.resalePrice;
    expect(await priceOf('redmi note')).toBe(12_000);
    const mark = indexVersion();
    await editListing('redmi', { resalePrice: 11_500 });
    // Its words as they were: the words' kept matches and rankings leave it as they read it.
    expect(wordsOf(changesSince(mark)!)).toEqual({ productIds: [], listingIds: [] });
    expect(await priceOf('redmi note')).toBe(11_500);
    await editListing('redmi', { resalePrice: 11_500, productName: 'Poco X3' });
    expect((await search({ q: 'redmi' })).total).toBe(0);
    expect(await priceOf('poco x3')).toBe(11_500);
    await editListing('redmi', {}); // as listed, for the tests after
    expect(await priceOf('redmi note')).toBe(12_000);
  });
});

/** Edits a listing through the API, as its seller: as it was listed, with `changes`. */
async function editListing(key: string, changes: Partial<StoreProductRequest>): Promise<void> {
  const { by, ...fields } = LISTINGS[key]!;
  const current = (await t.app.inject({ method: 'GET', url: `/api/addvertise/product/${ids[key]}` })).json<{
    productImg: string;
    originalPrice: number;
    yearOfPurchase: number;
    sellerMobile: string;
  }>();
  const edit = await (by === 'seller' ? seller : otherSeller).request({
    method: 'PUT',
    url: `/api/edit/product/${ids[key]}`,
    payload: {
      ...fields,
      productImg: current.productImg,
      originalPrice: current.originalPrice,
      yearOfPurchase: current.yearOfPurchase,
      sellerMobile: current.sellerMobile,
      ...changes,
    },
  });
  expect(edit.statusCode, edit.body).toBe(200);
}

describe("a word search's first answer", () => {
  it('reads the matches of its words once for best match, and the other orders answer from them', async () => {
    let reads = 0;
    // Every match of some words is read as one list (matchedIds): count those reads.
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (RawNode.is(node) && node.sqlFragments.some((part) => /string_agg|group_concat/.test(part))) reads += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const own = new SqlSearch(t.db.withPlugin(counting), t.engine);
    const best = await own.search(searchQuerySchema.parse({ q: 'galaxy' }));
    expect(reads).toBe(1);
    const newest = await own.search(searchQuerySchema.parse({ q: 'galaxy', sort: 'newest' }));
    expect(reads).toBe(1);
    expect(newest.total).toBe(best.total);
    expect(newest.rows.map((row) => row.id).sort()).toEqual(best.rows.map((row) => row.id).sort());
    const fresh = await new SqlSearch(t.db, t.engine).search(searchQuerySchema.parse({ q: 'galaxy', sort: 'newest' }));
    expect(newest.rows.map((row) => row.id)).toEqual(fresh.rows.map((row) => row.id));
  });
});

/**
 * A search counting its reads of every match of some words: matchedIds, and rankedIds (in order); one
 * list in a string. And its lookups of written listings among the words' matches (matchesAmong, scoredAmong).
 */
const counted = () => {
  const counter = { reads: 0, ranked: 0, lookups: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      const text = RawNode.is(node) ? node.sqlFragments.join(' ') : '';
      if (/string_agg|group_concat/.test(text)) counter[/order by/.test(text) ? 'ranked' : 'reads'] += 1;
      else if (/\) m where id in \(|rowid >= /.test(text)) counter.lookups += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { counter, search: new SqlSearch(t.db.withPlugin(plugin), t.engine) };
};

describe("a word's kept matches under writes", () => {
  const keysIn = (rows: Array<{ id: string }>) =>
    rows.map((row) => Object.entries(ids).find(([, id]) => id === row.id)?.[0] ?? row.id);
  const asked = (q: string, sort?: string) => searchQuerySchema.parse({ q, ...(sort ? { sort } : {}) });

  it('follow a new listing, an edited title, a hidden, a sold and a deleted one, without reading every match again', async () => {
    // Posted a second apart, in the order they were listed: PostgreSQL's ranking breaks ties by the
    // newest, which a listing written later is placed by to the second (as the columns keep it).
    const base = Date.now() - 60_000;
    await t.db.transaction().execute(async (trx) => {
      for (const [at, key] of ['a52', 's21', 'redmi', 'bangla'].entries()) {
        const postedAt = new Date(base + at * 1000).toISOString();
        await trx.updateTable('products').set({ posted_at: postedAt }).where('id', '=', ids[key]!).execute();
        await syncListing(trx, ids[key]!);
      }
    });
    const { counter, search: own } = counted();
    // Each answer as a process that kept nothing would give it, by best match and by newest.
    const galaxy = async () => {
      const answers: Record<string, string[]> = {};
      for (const sort of ['best', 'newest']) {
        const [kept, fresh] = [
          await own.search(asked('galaxy', sort)),
          await new SqlSearch(t.db, t.engine).search(asked('galaxy', sort)),
        ];
        // The same matches at once on either engine; on SQLite the unchanged ones keep the best-match
        // order they were read in (bm25's drift: RANKING_DRIFT_MS), so there the order may differ.
        const order = (rows: Array<{ id: string }>) => {
          const listed = rows.map((row) => row.id);
          return sort === 'best' && t.engine === 'sqlite' ? listed.sort() : listed;
        };
        expect(order(kept.rows)).toEqual(order(fresh.rows));
        expect(kept.total).toBe(fresh.total);
        answers[sort] = keysIn(kept.rows).sort();
      }
      expect(answers.best).toEqual(answers.newest);
      return answers.best;
    };
    expect(await galaxy()).toEqual(['a52', 's21']);
    expect(counter).toEqual({ reads: 0, ranked: 1, lookups: 0 });

    // A price edit keeps every listing's words: the kept matches and ranking stay as they are on
    // either engine, with no lookup of the listing (nor, on SQLite, a sooner read of the ranking).
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ resale_price: 24_000 }).where('id', '=', ids.a52!).execute();
      await syncListing(trx, ids.a52!);
    });
    expect(await galaxy()).toEqual(['a52', 's21']);
    expect(counter).toEqual({ reads: 0, ranked: 1, lookups: 0 });

    // A new listing, by this process's write.
    ids.note = await listProduct(seller, { ...LISTINGS.a52, productName: 'Galaxy Note 20' });
    expect(await galaxy()).toEqual(['a52', 'note', 's21']);

    // An edited title: the redmi becomes a Galaxy; the new listing is no longer one.
    const retitle = (productId: string, name: string) =>
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ product_name: name }).where('id', '=', productId).execute();
        await syncListing(trx, productId);
      });
    await retitle(ids.redmi!, 'Galaxy Redmi');
    await retitle(ids.note!, 'Pixel Note 20');
    expect(await galaxy()).toEqual(['a52', 'redmi', 's21']);

    // Hidden, sold and deleted: gone from the matches, and back when shown again.
    await seller.request({ method: 'PUT', url: `/api/hide/product/${ids.a52}` });
    expect(await galaxy()).toEqual(['redmi', 's21']);
    await seller.request({ method: 'PUT', url: `/api/show/product/${ids.a52}` });
    expect(await galaxy()).toEqual(['a52', 'redmi', 's21']);
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ is_sold: true }).where('id', '=', ids.redmi!).execute();
      await syncListing(trx, ids.redmi!);
    });
    expect(await galaxy()).toEqual(['a52', 's21']);
    // The words of the redmi and the new listing are back as they were, for the tests after.
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('products')
        .set({ is_sold: false, product_name: 'Redmi Note 11' })
        .where('id', '=', ids.redmi!)
        .execute();
      await syncListing(trx, ids.redmi!);
    });
    const deleted = await seller.request({ method: 'DELETE', url: `/api/delete/product/${ids.note}` });
    expect(deleted.json()).toMatchObject({ deletedCount: 1 });
    expect(await galaxy()).toEqual(['a52', 's21']);

    // Every write was caught up on by its rows, on either engine: the words' matches were read once,
    // with the ranking (on SQLite too, though bm25 weighs by the whole index: see RANKING_DRIFT_MS).
    expect(counter).toMatchObject({ reads: 0, ranked: 1 });
  });

  it('rank a new listing at once without reading the ranking again, and read an old ranking anew behind the answer', async () => {
    const { counter, search: own } = counted();
    const best = async () => (await own.search(asked('galaxy'))).rows.map((row) => row.id);
    const before = await best();
    expect(counter).toEqual({ reads: 0, ranked: 1, lookups: 0 });
    // A new listing's words move every bm25 score on SQLite: it enters at its score, the others keep their order.
    const added = await listProduct(seller, { ...LISTINGS.a52, productName: 'Galaxy Galaxy Note 20' });
    try {
      const after = await best();
      expect(after).toContain(added);
      expect(after.filter((id) => id !== added)).toEqual(before);
      const fresh = await new SqlSearch(t.db, t.engine).search(asked('galaxy'));
      expect([...after].sort()).toEqual(fresh.rows.map((row) => row.id).sort());
      if (t.engine === 'postgres') expect(after).toEqual(fresh.rows.map((row) => row.id));
      expect(counter).toMatchObject({ reads: 0, ranked: 1 });
      expect(counter.lookups).toBeGreaterThan(0);

      // Past RANKING_DRIFT_MS (here the kept time's own refresh, which comes first at this size): the
      // kept ranking answers, and is read anew behind that answer, which then gives a fresh read's order.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + Math.min(RANKING_DRIFT_MS, COLUMNS_FRESH_MS * 0.75) + 1_000);
      expect(await best()).toEqual(after);
      // The read behind it is counted as it begins and kept as it ends: wait for the answer it gives.
      await vi.waitFor(async () => expect(await best()).toEqual(fresh.rows.map((row) => row.id)));
      // (Its matches are past the same time at this size: they too were read again, behind an answer.)
      expect(counter.ranked).toBe(2);
    } finally {
      vi.useRealTimers();
      await seller.request({ method: 'DELETE', url: `/api/delete/product/${added}` });
    }
  });

  it("follow another process's write once its note is heard, and are read again when notes were missed", async () => {
    const { counter, search: own } = counted();
    const zinnias = async () => keysIn((await own.search(asked('zinnia', 'newest'))).rows);
    expect(await zinnias()).toEqual([]);
    // Written by another process (by hand here), which names the product in its note.
    const describe = (text: string) =>
      t.db.updateTable('search_listings').set({ text_description: text }).where('product_id', '=', ids.s21!).execute();
    await describe('zinnia case');
    searchChangeNotes.heard(JSON.stringify({ productIds: [ids.s21], listingIds: [] }));
    expect(await zinnias()).toEqual(['s21']);
    expect(counter.reads).toBe(1);
    // Messages missed: what was kept is read again.
    await describe('screen has a small crack in the corner');
    searchChangeNotes.heard(undefined);
    expect(await zinnias()).toEqual([]);
    expect(counter.reads).toBe(2);
  });
});

describe('search read ahead at start', () => {
  const asked = (q: string, sort?: string) => searchQuerySchema.parse({ q, ...(sort ? { sort } : {}) });

  it('keeps the brands most listed, which then answer as a cold read does without reading their matches', async () => {
    const { counter, search: own } = counted();
    await own.warm();
    const warmed = { ...counter };
    // Samsung, Apple and Xiaomi have findable listings (Google's is sold, OnePlus's deleted): one ranking each.
    expect(warmed).toEqual({ reads: 0, ranked: 3, lookups: 0 });
    for (const q of ['samsung', 'apple', 'xiaomi']) {
      for (const sort of ['best', 'newest', 'price_asc']) {
        const [kept, cold] = [
          await own.search(asked(q, sort)),
          await new SqlSearch(t.db, t.engine).search(asked(q, sort)),
        ];
        expect(kept.rows.map((row) => row.id)).toEqual(cold.rows.map((row) => row.id));
        expect(kept.total).toBe(cold.total);
        expect(kept.total).toBeGreaterThan(0);
      }
    }
    expect(counter).toEqual(warmed);
  });

  it('lets searches go on while it reads', async () => {
    const own = new SqlSearch(t.db, t.engine);
    // The first brand's ranking held until told: a search that waited for the reading ahead would wait for ever.
    const ranking = own as unknown as { rankingOf: (match: TextMatch, now: number) => Promise<Ranking> };
    const rankingOf = ranking.rankingOf.bind(own);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(ranking, 'rankingOf').mockImplementation((match, now) =>
      match.query.includes('samsung') ? held.then(() => rankingOf(match, now)) : rankingOf(match, now),
    );
    let warmed = false;
    const warming = own.warm().then(() => (warmed = true));
    const [answer, cold] = [
      await own.search(asked('galaxy')),
      await new SqlSearch(t.db, t.engine).search(asked('galaxy')),
    ];
    expect(answer.rows.map((row) => row.id)).toEqual(cold.rows.map((row) => row.id));
    expect(warmed).toBe(false);
    release();
    await warming;
    expect(own.kept.ranked.entries).toBeGreaterThanOrEqual(3);
  });

  it('reads the brands most listed first, passing over those past its room', () => {
    const entry = (matches: number) => matches * 8 + ENTRY_OVERHEAD_BYTES;
    // Codes 0 to 3 with 10, 0, 500 and 40 listings; room for the 500 alone, then for the 40 but not the 10 after it.
    const listed = Int32Array.of(10, 0, 500, 40);
    expect(brandsToWarm(listed, entry(500) + entry(40))).toEqual([2, 3]);
    expect(brandsToWarm(listed, entry(500) - 1)).toEqual([3, 0]);
    expect(brandsToWarm(listed, 0)).toEqual([]);
  });
});

describe("a server process's listing columns", () => {
  const priceOf = async (columns: Columns, productId: string) => {
    const row = await t.db
      .selectFrom('search_listings')
      .select('id')
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    return columns.price[columns.positionOf(row.id)!];
  };
  /** Through the function every write calls, as a write of this process. */
  const setPrice = (productId: string, price: number) =>
    t.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ resale_price: price }).where('id', '=', productId).execute();
      await syncListing(trx, productId);
    });

  it('catch up on a write of this process before the next search, reading only its rows', async () => {
    const kept = new ListingColumns(t.db);
    const now = Date.now();
    const before = await kept.current(now);
    await setPrice(ids.redmi!, 26_000);
    const after = await kept.current(now + 1);
    expect(after).toBe(before);
    expect(await priceOf(after, ids.redmi!)).toBe(26_000);
    await setPrice(ids.redmi!, 12_000);
  });

  it('a search that caught up on a write before its commit reads the row again once the write has committed', async () => {
    const kept = new ListingColumns(t.db);
    const now = Date.now();
    const price = await priceOf(await kept.current(now), ids.redmi!);
    const mark = searchChangeNotes.mark();
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ resale_price: 28_000 }).where('id', '=', ids.redmi!).execute();
      await syncListing(trx, ids.redmi!);
      // Another request's search meanwhile catches up on the row, and sees it as it was.
      expect(await priceOf(await kept.current(now + 1), ids.redmi!)).toBe(price);
    });
    searchChangeNotes.committed(mark); // as the write's request ends
    expect(await priceOf(await kept.current(now + 2), ids.redmi!)).toBe(28_000);
    await setPrice(ids.redmi!, price!);
  });

  it('a write made while the columns are read in the background is caught up on before the next search', async () => {
    const kept = new ListingColumns(t.db);
    const now = Date.now();
    await kept.current(now);
    await kept.current(now + COLUMNS_FRESH_MS); // starts the background read
    await setPrice(ids.redmi!, 27_000);
    expect(await priceOf(await kept.current(now + COLUMNS_FRESH_MS + 1), ids.redmi!)).toBe(27_000);
    await setPrice(ids.redmi!, 12_000);
  });

  it("catch up on another process's write as soon as its note is heard", async () => {
    const kept = new ListingColumns(t.db);
    const now = Date.now();
    const before = await kept.current(now);
    // Written by another process, which names the product in its note after committing.
    const mark = searchChangeNotes.mark();
    await setPrice(ids.redmi!, 14_000);
    const [note] = searchChangeNotes.since(mark) as [string];
    // A price edit: the note says the listing kept its words, and the columns read it again all the same.
    expect(JSON.parse(note)).toMatchObject({ productIds: [ids.redmi], words: { productIds: [], listingIds: [] } });
    await t.db.updateTable('search_listings').set({ price: 15_000 }).where('product_id', '=', ids.redmi!).execute();
    searchChangeNotes.heard(note);
    const after = await kept.current(now + 1);
    expect(after).toBe(before);
    expect(await priceOf(after, ids.redmi!)).toBe(15_000);
    // A note that cannot be read, or messages missed, make the columns read again in full.
    await t.db.updateTable('search_listings').set({ price: 16_000 }).where('product_id', '=', ids.redmi!).execute();
    searchChangeNotes.heard('{"productIds": 7}');
    const reread = await kept.current(now + 2);
    expect(reread).toBe(after); // read again into the same columns, in place
    expect(await priceOf(reread, ids.redmi!)).toBe(16_000);
    await setPrice(ids.redmi!, 12_000);
  });

  it('read again in full in place: a listing no note told of is added, one gone is removed', async () => {
    const kept = new ListingColumns(t.db);
    const now = Date.now();
    const columns = await kept.current(now);
    const listed = columns.listed;
    // Written by hand, as no note tells: the redmi's row again under the sold phone, whose own row is gone.
    const copied = await t.db
      .selectFrom('search_listings')
      .select(['seller_id', 'category_id', 'name', 'brand', 'brand_key', 'condition', 'district'])
      .select(['is_seller_verified', 'posted_at', 'text_name', 'text_brand', 'text_location', 'text_description'])
      .where('product_id', '=', ids.redmi!)
      .executeTakeFirstOrThrow();
    const { id } = await t.db
      .insertInto('search_listings')
      .values({ ...copied, product_id: ids.sold!, price: 11_000, grade: null, origin: null, battery: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      searchChangeNotes.heard(undefined); // messages missed: read everything again
      expect(await kept.current(now + 1)).toBe(columns);
      expect(columns.price[columns.positionOf(id)!]).toBe(11_000);
      expect(columns.listed).toBe(listed + 1);
    } finally {
      await t.db.deleteFrom('search_listings').where('id', '=', id).execute();
    }
    searchChangeNotes.heard(undefined);
    expect(await kept.current(now + 2)).toBe(columns);
    expect(columns.positionOf(id)).toBeUndefined();
    expect(columns.listed).toBe(listed);
  });

  it("see another process's writes within their fresh time, read in the background", async () => {
    const kept = new ListingColumns(t.db);
    const now = Date.now();
    const columns = await kept.current(now);
    const { id } = await t.db
      .selectFrom('search_listings')
      .select('id')
      .where('product_id', '=', ids.redmi!)
      .executeTakeFirstOrThrow();
    const position = columns.positionOf(id)!;
    // Another process's write moves its own index version, not this one's.
    await t.db.updateTable('search_listings').set({ price: 13_000 }).where('product_id', '=', ids.redmi!).execute();
    expect(await priceOf(await kept.current(now + COLUMNS_FRESH_MS - 1), ids.redmi!)).toBe(12_000);
    // Stale: answered at once with what is kept, while the columns are read again (into the same
    // ones, in place: looked at before the read's first query has answered). Fresh from the end of
    // their read, which took less than a second of the test's own clock.
    const stale = now + COLUMNS_FRESH_MS + 1000;
    expect((await kept.current(stale)).price[position]).toBe(12_000);
    await expect.poll(async () => priceOf(await kept.current(stale + 1), ids.redmi!)).toBe(13_000);
    await setPrice(ids.redmi!, 12_000);
  });
});

describe('the index follows the sellers', () => {
  it('a seller verified later counts as verified; a deleted seller leaves nothing behind', async () => {
    await admin.request({ method: 'PUT', url: `/api/verify_seller?email=${otherSeller.email}` });
    expect((await search({ verified: 'true' })).total).toBe(FINDABLE.length);
    const deleted = await admin.request({ method: 'DELETE', url: `/api/sellers/${otherSeller.user.uid}` });
    expect(deleted.json()).toMatchObject({ deletedCount: 1 });
    expect(keysOf(await search()).sort()).toEqual(['a52', 'iphone12']);
    expect((await search({ q: 'redmi' })).total).toBe(0);
    const words = await t.db.selectFrom('search_words').select('word').where('listings', '>', 0).execute();
    expect(words.map((w) => w.word)).not.toContain('redmi');
    expect(words.map((w) => w.word)).toContain('galaxy');
  });
});

describe('searches that match nothing', () => {
  // Letters only: digits would be words of their own, which the listings may have.
  const lettersOf = (n: number) => [...n.toString(26)].map((c) => String.fromCharCode(97 + parseInt(c, 26))).join('');

  it(
    'keep the words kept within their bounds, however many distinct ones come',
    async () => {
      const limits = { maxEntries: 300, maxBytes: 256 * 1024 };
      const own = new SqlSearch(t.db, t.engine, limits);
      const tried = await createTestApp({}, {}, { search: own });
      try {
        for (let i = 0; i < 1_000; i++) {
          const response = await tried.app.inject({ method: 'GET', url: `/api/search?q=zq${lettersOf(i)}x` });
          expect(response.json()).toMatchObject({ total: 0 });
          if (i === 499) expect(own.kept.matched.entries + own.kept.ranked.entries).toBe(limits.maxEntries * 2);
        }
        for (const size of Object.values(own.kept)) {
          expect(size.entries).toBe(limits.maxEntries);
          expect(size.bytes).toBeLessThanOrEqual(limits.maxBytes);
        }
      } finally {
        await tried.close();
      }
    },
    timeLimit(120_000),
  );
});
