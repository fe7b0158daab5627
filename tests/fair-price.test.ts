import { describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { fairPriceSchema } from '#shared/fair-price';
import { searchQuerySchema, type SearchResult } from '#shared/search';
import { slices } from '#server/db/batches';
import { newId } from '#server/db/ids';
import { ASKING_BATCH, computeFairPrices, modelKeyOf } from '#server/fair-price/repository';
import { runHousekeeping } from '#server/housekeeping';
import { marksNotes, searchChangeNotes } from '#server/search/change-notes';
import { markGoodPrices } from '#server/search/indexing';
import { SqlSearch } from '#server/search/sql-search';
import type { Actor } from './support/actors';
import { callApi, useTestApp } from './support/harness';
import { listProduct } from './support/products';
import { bookPhone } from './support/deal';

const { t, buyer, ...three } = useTestApp(
  { first: 'seller', second: 'seller', third: 'seller', buyer: 'buyer' },
  { options: { uploadRateLimit: 10_000 } },
);
const sellers = [three.first, three.second, three.third];

/** What `work` answers, and how many turns the event loop took meanwhile (a request's I/O is taken in such a turn). */
async function turnsDuring<T>(work: () => Promise<T>): Promise<[T, number]> {
  let turns = 0;
  let working = true;
  const tick = () => {
    turns += 1;
    if (working) setImmediate(tick);
  };
  setImmediate(tick);
  const result = await work();
  working = false;
  return [result, turns];
}

async function fairPrice(productName: string, productCondition = 'Good') {
  const url = `/api/fair-price?productName=${encodeURIComponent(productName)}&productCondition=${productCondition}`;
  return callApi(t, { method: 'GET', url }, fairPriceSchema);
}

const BRANDS: Record<string, string> = {
  'pixel 7': 'Google',
  'galaxy s21': 'Samsung',
  'nokia g20': 'Nokia',
  'realme c55': 'Realme',
  'moto g84': 'Motorola',
};

/**
 * A Good phone of `productName` whose brand and description are its own: the demo listing it is
 * built on depends on what the worker ran before, and one of another brand (a "Realme 8" in its
 * description) is found by the searches of the good prices below.
 */
const phone = (productName: string) =>
  ({
    productName,
    brand: BRANDS[productName.toLowerCase()]!,
    productCondition: 'Good',
    description: `${productName} with light marks on the frame, box and charger included.`,
  }) as const;

/** Lists a phone of `seller` and marks it sold outside PhoneHaat at `finalPrice`. */
async function sell(seller: Actor, productName: string, finalPrice?: string | number) {
  const id = await listProduct(seller, { ...phone(productName), resalePrice: 50_000 });
  const sold = await seller.request({
    method: 'PUT',
    url: `/api/sold/product/${id}`,
    ...(finalPrice !== undefined ? { payload: { finalPrice } } : {}),
  });
  expect(sold.statusCode, sold.body).toBe(200);
  return id;
}

/** Five sales by three sellers (the fewest a fair price from sales needs), 1,000 Tk apart from `lowest`. */
async function sellFive(productName: string, lowest: number) {
  const [a, b, c] = sellers as [Actor, Actor, Actor];
  for (const [n, seller] of [a, a, b, b, c].entries()) await sell(seller, productName, lowest + n * 1_000);
}

describe('the final price', () => {
  it('is confirmed when selling to a buyer, in Latin or Bengali digits, else the phone’s price', async () => {
    const [seller] = sellers;
    const id = await listProduct(seller!, { ...phone('Pixel 7'), resalePrice: 40_000 });
    const bookingId = await bookPhone(buyer, id, 'Rangpur');
    await seller!.request({ method: 'PUT', url: `/api/bookings/${bookingId}/accept` });
    const bad = await seller!.request({
      method: 'PUT',
      url: `/api/bookings/${bookingId}/sold`,
      payload: { finalPrice: '12 hundred' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.finalPrice).toBe('The final price must be whole Tk, digits only');
    const tooLow = await seller!.request({
      method: 'PUT',
      url: `/api/bookings/${bookingId}/sold`,
      payload: { finalPrice: 5 },
    });
    expect(tooLow.json().fields.finalPrice).toBe('The final price is at least 100Tk');
    const sold = await seller!.request({
      method: 'PUT',
      url: `/api/bookings/${bookingId}/sold`,
      payload: { finalPrice: '৩৮,৫০০' },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const other = await sell(seller!, 'Pixel 7');
    const sales = await t.db
      .selectFrom('sales')
      .select(['product_id', 'price'])
      .where('model_key', '=', 'pixel 7')
      .execute();
    expect(sales.map((s) => [s.product_id, s.price]).sort()).toEqual(
      [
        [id, 38_500],
        [other, 50_000],
      ].sort(),
    );
  });
});

describe('fair prices', () => {
  it('need 5 sales by 3 sellers; until then asking prices, labelled, or not enough data', async () => {
    const [a, b, c] = sellers as [Actor, Actor, Actor];
    expect(await fairPrice('Galaxy S21')).toEqual({ source: 'none', median: null, low: null, high: null, count: 0 });

    // Four sales by three sellers: not enough, and no single sale shows.
    await sell(a, 'Galaxy S21', 30_000);
    await sell(a, 'Galaxy S21', 32_000);
    await sell(b, 'Galaxy S21', 34_000);
    await sell(c, 'Galaxy S21', 36_000);
    await computeFairPrices(t.db);
    expect((await fairPrice('Galaxy S21')).source).toBe('none');

    // Three for sale now: their asking prices, said to be asking prices.
    for (const price of [40_000, 42_000, 44_000]) {
      await listProduct(a, { ...phone('galaxy s21'), resalePrice: price });
    }
    await computeFairPrices(t.db);
    expect(await fairPrice('GALAXY S21')).toEqual({
      source: 'asking',
      median: 42_000,
      low: 41_000,
      high: 43_000,
      count: 3,
    });

    // The fifth sale: from sales now, the median and the middle half.
    await sell(c, 'Galaxy S21', 38_000);
    await runHousekeeping(t.app.deps, t.app.log);
    expect(await fairPrice('Galaxy S21')).toEqual({
      source: 'sales',
      median: 34_000,
      low: 32_000,
      high: 36_000,
      count: 5,
    });
    expect((await fairPrice('Galaxy S21', 'Fair')).source).toBe('none');
  });

  it('five sales by two sellers are not enough, and sales older than 90 days no longer count', async () => {
    const [a, b, c] = sellers as [Actor, Actor, Actor];
    for (const price of [20_000, 21_000, 22_000]) await sell(a, 'Nokia G20', price);
    for (const price of [23_000, 24_000]) await sell(b, 'Nokia G20', price);
    await computeFairPrices(t.db);
    expect((await fairPrice('Nokia G20')).source).toBe('none');
    await sell(c, 'Nokia G20', 25_000);
    await computeFairPrices(t.db);
    expect((await fairPrice('Nokia G20')).source).toBe('sales');
    await computeFairPrices(t.db, new Date(Date.now() + 91 * 24 * 60 * 60 * 1000));
    expect((await fairPrice('Nokia G20')).source).toBe('none');
  });

  it('refuses a bad question with a message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/fair-price?productName=&productCondition=New' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('productCondition');
  });
});

describe('the good price search filter', () => {
  /** The ids a search finds: with words (the listing columns) and without (the database's pages). */
  async function goodPrices(query: string) {
    const response = await t.app.inject({ method: 'GET', url: `/api/search?goodPrice=true&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<SearchResult>()
      .items.map((item) => item._id)
      .sort();
  }
  const both = async () => [await goodPrices('q=realme+c55'), await goodPrices('brand=Realme&sort=price_asc')];

  it('finds phones asking less than the middle half of their fair price, as housekeeping last found', async () => {
    const [a, b, c] = sellers as [Actor, Actor, Actor];
    await sellFive('Realme C55', 20_000);
    const listing = phone('Realme C55');
    const cheap = await listProduct(a, { ...listing, resalePrice: 18_000 });
    const middle = await listProduct(b, { ...listing, resalePrice: 22_000 });
    expect(await both()).toEqual([[], []]);

    // Sales 20,000-24,000: the middle half is 21,000-23,000.
    await computeFairPrices(t.db);
    expect(await both()).toEqual([[cheap], [cheap]]);
    // A phone listed later is rated against the fair price kept, at once.
    const later = await listProduct(c, { ...listing, resalePrice: 20_500 });
    expect(await both()).toEqual([[cheap, later].sort(), [cheap, later].sort()]);

    // 91 days on, the sales no longer count: the asking prices (18,000, 20,500, 22,000) rate them.
    await computeFairPrices(t.db, new Date(Date.now() + 91 * 24 * 60 * 60 * 1000));
    expect(await both()).toEqual([[cheap], [cheap]]);
    const all = await t.app.inject({ method: 'GET', url: '/api/search?q=realme+c55' });
    expect(all.json<SearchResult>().items.map((item) => item._id)).toContain(middle);
  });

  it('refuses a value other than true or false', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search?goodPrice=yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.goodPrice).toBe('goodPrice is true or false');
  });
});

describe('a round of fair prices', () => {
  const moto = modelKeyOf('Moto G84');
  const stored = () => t.db.selectFrom('fair_prices').selectAll().orderBy('model_key').orderBy('condition').execute();

  it('writes only the fair prices that changed, and a round that changed none changes nothing public', async () => {
    const c = sellers[2]!;
    await sellFive('Moto G84', 30_000);
    expect(await computeFairPrices(t.db)).toBeGreaterThanOrEqual(1);
    const first = await stored();
    // The same figures again: no row written (each keeps its round), nothing for the cache to drop.
    expect(await computeFairPrices(t.db, new Date(Date.now() + 60_000))).toBe(0);
    expect(await stored()).toEqual(first);

    await sell(c, 'Moto G84', 40_000);
    expect(await computeFairPrices(t.db)).toBe(1);
    expect((await stored()).filter((row) => row.model_key === moto)).toMatchObject([
      { source: 'sales', count: 6, median: 32_500 },
    ]);
    expect((await stored()).filter((row) => row.model_key !== moto)).toEqual(
      first.filter((row) => row.model_key !== moto),
    );
    // 91 days on the sales no longer count: the model's fair price is removed, a change.
    const later = new Date(Date.now() + 91 * 24 * 60 * 60 * 1000);
    expect(await computeFairPrices(t.db, later)).toBeGreaterThanOrEqual(1);
    expect((await stored()).some((row) => row.model_key === moto)).toBe(false);
    expect(await computeFairPrices(t.db, later)).toBe(0);
  });
});

/** `count` copies of the listing `id`, its product and index rows written by hand (as a generated catalogue's). */
async function copiesOf(id: string, count: number): Promise<void> {
  const product = await t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  // Its search row's own columns (PostgreSQL's generated ones are not written).
  const indexed = await t.db
    .selectFrom('search_listings')
    .select(['seller_id', 'category_id', 'name', 'brand', 'brand_key', 'condition', 'price', 'district'])
    .select(['is_seller_verified', 'posted_at', 'text_name', 'text_brand', 'text_location', 'text_description'])
    .where('product_id', '=', id)
    .executeTakeFirstOrThrow();
  const copies = Array.from({ length: count }, () => newId());
  for (const slice of slices(copies, 250)) {
    const rows = slice.map((copy) => ({ ...product, id: copy, imei_hash: null, imei2_hash: null }));
    await t.db.insertInto('products').values(rows).execute();
    const searchRows = slice.map((copy) => ({ ...indexed, product_id: copy }));
    await t.db.insertInto('search_listings').values(searchRows).execute();
  }
}

describe('the asking prices', () => {
  it('are read in batches between which the event loop turns, every listing counted', async () => {
    const [seller] = sellers;
    const id = await listProduct(seller!, {
      productName: 'Batch Phone',
      productCondition: 'Good',
      resalePrice: 30_000,
    });
    // Copies of it, so the read takes three batches.
    await copiesOf(id, 2 * ASKING_BATCH);
    const [, turns] = await turnsDuring(() => computeFairPrices(t.db));
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(await fairPrice('Batch Phone')).toMatchObject({ source: 'asking', count: 2 * ASKING_BATCH + 1 });
    await t.db.deleteFrom('products').where('product_name', '=', 'Batch Phone').execute();
  });
});

describe('the good prices', () => {
  it('are marked and unmarked batch by batch, the event loop turning between, each listing as the rule says', async () => {
    const [seller] = sellers;
    const bilby = { productName: 'Bilby Phone', brand: 'Bilby', productCondition: 'Good' } as const;
    const ids: string[] = [];
    for (const resalePrice of [10_000, 20_000, 30_000, 40_000, 50_000]) {
      ids.push(await listProduct(seller!, { ...bilby, resalePrice }));
    }
    // Asking 10,000 to 50,000: the middle half starts at 20,000, so only the first is a good price.
    await computeFairPrices(t.db);
    const marks = async () => {
      const rows = await t.db
        .selectFrom('search_listings')
        .select(['product_id', 'is_good_price'])
        .where('product_id', 'in', ids)
        .execute();
      return ids.map((id) => Boolean(rows.find((row) => row.product_id === id)!.is_good_price));
    };
    expect(await marks()).toEqual([true, false, false, false, false]);

    // Every mark wrong, as if the fair prices had moved: two listings a batch puts them in several.
    await t.db
      .updateTable('search_listings')
      .set((eb) => ({ is_good_price: eb.case().when('product_id', '=', ids[0]!).then(false).else(true).end() }))
      .where('product_id', 'in', ids)
      .execute();
    const [flipped, turns] = await turnsDuring(() => markGoodPrices(t.db, 2));
    expect(flipped).toBe(5);
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(await marks()).toEqual([true, false, false, false, false]);
    expect(await markGoodPrices(t.db, 2)).toBe(0);
  });
});

describe('a round that flips more marks than a write names', () => {
  it('is caught up on by the listing columns and kept words without reading them again, here and in other processes', async () => {
    const [seller] = sellers;
    const quokka = {
      productName: 'Quokka Phone',
      brand: 'Quokka',
      productCondition: 'Good',
      resalePrice: 30_000,
    } as const;
    await copiesOf(await listProduct(seller!, quokka), 1_200);
    // Asking 30,000 each: the middle half starts at 30,000, so none is a good price.
    await computeFairPrices(t.db);
    const reads = { columns: 0, words: 0 };
    const counting: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        const { sql } = t.db.getExecutor().compileQuery(node, queryId);
        if (/from "search_listings" where "id" > \S+ order by "id" limit/.test(sql)) reads.columns += 1;
        if (/string_agg|group_concat/.test(sql)) reads.words += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const own = new SqlSearch(t.db.withPlugin(counting), t.engine);
    const goodQuokkas = async (search = own) =>
      (await search.search(searchQuerySchema.parse({ q: 'quokka', goodPrice: 'true', sort: 'price_asc' }))).total;
    expect(await goodQuokkas()).toBe(0);
    const read = { ...reads };
    expect(read.columns).toBeGreaterThanOrEqual(1);
    expect(read.words).toBe(1);

    // The fair price's lower end moved above them: this process's round marks all 1,201.
    const model = t.db.updateTable('fair_prices').where('model_key', '=', modelKeyOf('Quokka Phone'));
    await model.set({ low: 1_000_000 }).execute();
    const mark = searchChangeNotes.mark();
    expect(await markGoodPrices(t.db)).toBe(1_201);
    expect(await goodQuokkas()).toBe(1_201);
    expect(reads).toEqual(read);
    expect(await goodQuokkas(new SqlSearch(t.db, t.engine))).toBe(1_201);
    // Told to the others as the marks themselves, in notes within a NOTIFY's payload.
    const notes = searchChangeNotes.since(mark);
    expect(notes.length).toBeGreaterThanOrEqual(1);
    for (const note of notes) expect(note.length < 7_600 && note.startsWith('{"marks":')).toBe(true);

    // Another process's round unmarks them: written there, heard here as its notes.
    const rows = await t.db
      .updateTable('search_listings')
      .set({ is_good_price: false })
      .where('brand_key', '=', 'quokka')
      .returning('id')
      .execute();
    const unmarked = Int32Array.from(
      rows.map((row) => row.id).sort((a, b) => a - b),
      (id) => -id,
    );
    for (const note of marksNotes([unmarked])) searchChangeNotes.heard(note);
    expect(await goodQuokkas()).toBe(0);
    expect(reads).toEqual(read);
    expect(await goodQuokkas(new SqlSearch(t.db, t.engine))).toBe(0);
    await t.db.deleteFrom('products').where('product_name', '=', 'Quokka Phone').execute();
  });
});
