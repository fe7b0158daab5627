/*
 * Realistic generated marketplace data for benchmarks: N listings by N/25 sellers across the six
 * categories, with model names and storage sizes, brands, the 64 districts (some in older spellings,
 * some with an area), conditions, prices, a spread of posting dates over 120 days, one listing in
 * ten sold and one in twenty written in Bangla. Deterministic for a given N, so runs compare.
 * Rows go in directly, in batches of one transaction, oldest first (so ids, which begin with the
 * time, arrive in key order), with the tables' other indexes built after (bulk.ts); the search index
 * is then built from them in one pass by the app's own indexing code (rebuildSearchIndex: the rows
 * syncListing would write).
 */
import type { Kysely } from 'kysely';
import { DISTRICTS } from '#shared/districts';
import type { Engine } from '#server/db/connection';
import { newId } from '#server/db/ids';
import type { Database } from '#server/db/schema';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { demoPerson } from '#server/start/seed/factories';
import { rebuildSearchIndex } from '#server/search/indexing';
import { withIndexesAfter } from './bulk';

const MODELS: Record<string, { brand: string; models: Array<[string, number]> }> = {
  iPhone: {
    brand: 'Apple',
    models: [
      ['iPhone 11', 72000],
      ['iPhone 12', 95000],
      ['iPhone 12 Pro Max', 130000],
      ['iPhone 13', 110000],
      ['iPhone 13 Pro', 145000],
      ['iPhone 14', 125000],
      ['iPhone SE 2020', 45000],
      ['iPhone XR', 55000],
    ],
  },
  Samsung: {
    brand: 'Samsung',
    models: [
      ['Galaxy A52', 38000],
      ['Galaxy A32', 27000],
      ['Galaxy S21', 89000],
      ['Galaxy S22 Ultra', 140000],
      ['Galaxy Note 20', 110000],
      ['Galaxy M32', 24000],
      ['Galaxy Z Flip 3', 99000],
    ],
  },
  Xiaomi: {
    brand: 'Xiaomi',
    models: [
      ['Redmi Note 11', 21000],
      ['Redmi Note 12 Pro', 32000],
      ['POCO X3 Pro', 27000],
      ['Mi 11 Lite', 33000],
      ['Redmi 10C', 15000],
    ],
  },
  Realme: {
    brand: 'Realme',
    models: [
      ['Realme 8', 23000],
      ['Realme 9 Pro', 29000],
      ['narzo 50', 17000],
      ['Realme GT Master', 36000],
      ['Realme C35', 16000],
    ],
  },
  OnePlus: {
    brand: 'OnePlus',
    models: [
      ['OnePlus 9', 69000],
      ['OnePlus Nord 2', 42000],
      ['OnePlus 10 Pro', 85000],
      ['OnePlus Nord CE 2', 35000],
    ],
  },
  'Google Pixel': {
    brand: 'Google',
    models: [
      ['Pixel 6', 75000],
      ['Pixel 4a', 39000],
      ['Pixel 7 Pro', 110000],
      ['Pixel 5', 52000],
    ],
  },
};
const STORAGE = ['64GB', '128GB', '256GB'];
const COLOURS = ['black', 'white', 'blue', 'green', 'silver', 'gold'];
const AREAS = ['Sadar', 'Mirpur', 'Uttara', 'Station Road', 'New Market', 'College Road', 'Bazar'];
const OLD_SPELLINGS = ['Chittagong', 'Comilla', 'Bogra', 'Jessore', 'Barisal'];
const CONDITIONS = ['Exellent', 'Good', 'Fair'] as const;
const BANGLA = [
  ['স্যামসাং গ্যালাক্সি এ৫২', 'ভালো অবস্থায় আছে, বক্স ও চার্জার সহ। দাম আলোচনা সাপেক্ষে।'],
  ['আইফোন ১২', 'ব্যাটারি ভালো, কোনো দাগ নেই। ঢাকায় দেখা করা যাবে।'],
  ['শাওমি রেডমি নোট ১১', 'এক বছর ব্যবহার করা, সব ঠিক আছে।'],
] as const;
const DAY_MS = 24 * 3_600_000;
const LISTINGS_PER_SELLER = 25;
/** Rows a statement: about 20,000 values, under both engines' limits on parameters. */
const BATCH = 1000;

/** A small deterministic random source, so the same N makes the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function generateListings(db: Kysely<Database>, engine: Engine, count: number): Promise<void> {
  // One transaction: a commit per batch would make SQLite sync to disk hundreds of times.
  await db
    .transaction()
    .execute((trx) =>
      withIndexesAfter(trx, engine, ['products', 'search_listings'], () => generateIn(trx, engine, count)),
    );
}

async function generateIn(db: Kysely<Database>, engine: Engine, count: number): Promise<void> {
  const next = random(count);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const now = Date.now();
  const sellerCount = Math.max(1, Math.ceil(count / LISTINGS_PER_SELLER));
  const sellers = Array.from({ length: sellerCount }, (_, n) => ({
    id: newId(now - 200 * DAY_MS),
    email: `bench.seller.${n}@example.test`,
    password_hash: null,
    name: demoPerson(n, 'seller').name,
    photo_url: demoPerson(n, 'seller').photoURL,
    role: 'seller' as const,
    is_verified: next() < 0.4,
    is_email_verified: true,
    google_sub: null,
    created_at: new Date(now - 200 * DAY_MS).toISOString(),
  }));
  // One photo row per seller, shared by all of their listings: the benchmark reads rows, not pictures.
  const uploads = sellers.map((seller) => ({
    id: newId(now - 200 * DAY_MS),
    owner_id: seller.id,
    width: 1200,
    height: 900,
    created_at: seller.created_at,
  }));
  for (let start = 0; start < sellers.length; start += BATCH) {
    await db
      .insertInto('users')
      .values(sellers.slice(start, start + BATCH))
      .execute();
    await db
      .insertInto('uploads')
      .values(uploads.slice(start, start + BATCH))
      .execute();
  }

  const postedTimes = Float64Array.from({ length: count }, () => now - Math.floor(next() ** 2 * 120 * DAY_MS)).sort();
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => {
      const n = start + offset;
      const sellerIndex = n % sellerCount;
      const category = pick(CATEGORY_CATALOGUE);
      const { brand, models } = MODELS[category.name]!;
      const [model, original] = pick(models);
      const condition = pick(CONDITIONS);
      const postedAt = postedTimes[n]!;
      const district = next() < 0.1 ? pick(OLD_SPELLINGS) : pick(DISTRICTS);
      const bangla = next() < 0.05 ? pick(BANGLA) : undefined;
      const storage = pick(STORAGE);
      const year = 2018 + Math.floor(next() * 6);
      return {
        id: newId(postedAt),
        seller_id: sellers[sellerIndex]!.id,
        category_id: category.id,
        image_id: uploads[sellerIndex]!.id,
        product_name: bangla ? bangla[0] : next() < 0.5 ? `${model} ${storage}` : model,
        brand,
        original_price: original,
        resale_price: Math.round((original * (0.35 + next() * 0.5)) / 500) * 500,
        year_of_purchase: year,
        product_condition: condition,
        seller_mobile: `+880 17${String(10_000_000 + n).slice(-8)}`,
        location: next() < 0.5 ? `${district}, ${pick(AREAS)}` : district,
        description:
          bangla?.[1] ??
          `${model} ${storage}, ${pick(COLOURS)}, bought in ${year}. ${
            condition === 'Exellent'
              ? 'No scratches at all'
              : condition === 'Good'
                ? 'Light marks on the frame'
                : 'Visible wear but works perfectly'
          }. Battery holds a full day; comes with the box and charger.`,
        is_sold: next() < 0.1,
        is_advertised: next() < 0.05,
        posted_at: new Date(postedAt).toISOString(),
      };
    });
    await db.insertInto('products').values(rows).execute();
  }
  await rebuildSearchIndex(db, engine);
}
