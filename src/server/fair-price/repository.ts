import type { Kysely } from 'kysely';
import {
  ASKING_PRICE_MIN_LISTINGS,
  FAIR_PRICE_DAYS,
  FAIR_PRICE_MIN_SALES,
  FAIR_PRICE_MIN_SELLERS,
  type FairPrice,
} from '#shared/fair-price';
import { named, tags } from '#server/cache/tags';
import { nextTurn, slices } from '#server/db/batches';
import { newId } from '#server/db/ids';
import type { Database } from '#server/db/schema';
import { markGoodPrices } from '#server/search/indexing';
import { indexedText } from '#server/search/text';
import { middleHalf } from './compute';

/**
 * A phone's model as fair prices group it: its name as the search tokenizer writes it, so
 * "iPhone 13" and "IPHONE13" are one model. Sellers name phones freely; a name with more in it
 * ("iPhone 13 128GB") is a model of its own.
 */
export const modelKeyOf = (productName: string) => indexedText(productName);

/** Notes a confirmed sale, in the transaction that marks the phone sold. */
export async function recordSale(
  trx: Kysely<Database>,
  product: {
    id: string;
    seller_id: string;
    product_name: string;
    product_condition: string;
    condition_grade: string | null;
  },
  price: number,
  now = new Date(),
): Promise<void> {
  // A phone sold for its parts says nothing of what a working one is worth (docs/trust.md).
  if (product.condition_grade === 'for_parts') return;
  await trx
    .insertInto('sales')
    .values({
      id: newId(now.getTime()),
      product_id: product.id,
      seller_id: product.seller_id,
      model_key: modelKeyOf(product.product_name),
      condition: product.product_condition,
      price,
      sold_at: now.toISOString(),
    })
    .execute();
}

interface Group {
  prices: number[];
  sellers: Set<string>;
}

/** The group of `key` in `groups`, made on first need. */
function groupOf(groups: Map<string, Group>, key: string): Group {
  let group = groups.get(key);
  if (!group) groups.set(key, (group = { prices: [], sellers: new Set() }));
  return group;
}

const SEP = '\u0000';
/** Listings read at a time for the asking prices: a catalogue of a million is never all in memory as rows. */
export const ASKING_BATCH = 5000;

/**
 * The asking prices of every listing for sale, by model and condition. Read in batches down the
 * primary key and kept as bare numbers: a million rows read at once, each an object with its strings,
 * took more than a server process's 128 MB heap. The event loop turns between the batches: on SQLite
 * each is answered synchronously, and the 200 batches of a million listings held every request of
 * the process for the whole read.
 */
async function askingPrices(db: Kysely<Database>): Promise<Map<string, Group>> {
  const groups = new Map<string, Group>();
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('search_listings')
      // text_name is the indexed name: the model key (modelKeyOf).
      .select(['id', 'text_name', 'condition', 'price'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(ASKING_BATCH)
      .execute();
    for (const row of rows) groupOf(groups, `${row.text_name}${SEP}${row.condition}`).prices.push(row.price);
    if (rows.length < ASKING_BATCH) return groups;
    after = rows.at(-1)!.id;
    await nextTurn();
  }
}

/** The prices a round computes from, by model and condition. */
interface Prices {
  /** The sales of the last 90 days. */
  sold: Map<string, Group>;
  /** The phones for sale now. */
  asked: Map<string, Group>;
}

async function readPrices(db: Kysely<Database>, now: Date): Promise<Prices> {
  const since = new Date(now.getTime() - FAIR_PRICE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const sales = await db
    .selectFrom('sales')
    .select(['model_key', 'condition', 'price', 'seller_id'])
    .where('sold_at', '>=', since)
    .execute();
  const sold = new Map<string, Group>();
  for (const row of sales) {
    const group = groupOf(sold, `${row.model_key}${SEP}${row.condition}`);
    group.prices.push(row.price);
    // The sales of deleted accounts count as one seller: never more sellers than there were.
    group.sellers.add(row.seller_id ?? 'gone');
  }
  return { sold, asked: await askingPrices(db) };
}

/**
 * Housekeeping: computes every model's fair price again from the sales of the last 90 days (with
 * at least 5 sales by at least 3 sellers, so no single sale can be read off), else from the asking
 * prices of phones for sale now, and brings the table up to date in one transaction, writing only
 * the fair prices that changed; then marks the listings now a good price (the search's filter),
 * batch by batch. Answers how many fair prices it added, changed or removed. The prices are read
 * before the transaction and the marks written after it: on SQLite it holds the write lock, which
 * every other writer of every process waits for, and an hourly figure needs no single snapshot of
 * a million listings.
 */
export async function computeFairPrices(db: Kysely<Database>, now = new Date()): Promise<number> {
  const prices = await readPrices(db, now);
  return markAfter(db, await db.transaction().execute((trx) => writeFairPrices(trx, prices, now)));
}

/** The same inside a transaction the caller holds (the demo seed's, which reads its own listings). */
export async function replaceFairPrices(db: Kysely<Database>, now = new Date()): Promise<number> {
  return markAfter(db, await writeFairPrices(db, await readPrices(db, now), now));
}

/**
 * Once the table is written (committed, for the round): names the estimates if they changed, which
 * the fair-price answers show, and marks the good prices. Answers how many fair prices changed.
 */
async function markAfter(db: Kysely<Database>, changed: number): Promise<number> {
  if (changed > 0) named([tags.fairPrice]);
  await markGoodPrices(db);
  return changed;
}

type FairPriceRow = Database['fair_prices'];

/** The fair prices `prices` give, by model and condition; `computedAt` is when. */
function fairPriceRows({ sold, asked }: Prices, computedAt: string): FairPriceRow[] {
  const rows: FairPriceRow[] = [];
  for (const [key, group] of sold) {
    if (group.prices.length < FAIR_PRICE_MIN_SALES || group.sellers.size < FAIR_PRICE_MIN_SELLERS) continue;
    const [model_key, condition] = key.split(SEP) as [string, string];
    rows.push({
      model_key,
      condition,
      source: 'sales',
      count: group.prices.length,
      computed_at: computedAt,
      ...middleHalf(group.prices),
    });
  }
  const fromSales = new Set(rows.map(keyOf));
  for (const [key, group] of asked) {
    if (fromSales.has(key) || group.prices.length < ASKING_PRICE_MIN_LISTINGS) continue;
    const [model_key, condition] = key.split(SEP) as [string, string];
    rows.push({
      model_key,
      condition,
      source: 'asking',
      count: group.prices.length,
      computed_at: computedAt,
      ...middleHalf(group.prices),
    });
  }
  return rows;
}

const keyOf = (row: Pick<FairPriceRow, 'model_key' | 'condition'>) => `${row.model_key}${SEP}${row.condition}`;
/** What a visitor and the good-price marks read of a fair price: a row whose figures are the same is left as it is. */
const figuresOf = (row: Omit<FairPriceRow, 'computed_at'>) =>
  [row.source, row.median, row.low, row.high, row.count].map(String).join(SEP);

/**
 * Writes only the fair prices that differ from those kept: those gone are deleted, those new or
 * changed written (their `computed_at` is then the round's; an unchanged row keeps the round that
 * wrote it). A rewrite of the whole table counted as a change every round (docs/performance.md).
 */
async function writeFairPrices(db: Kysely<Database>, prices: Prices, now: Date): Promise<number> {
  const rows = fairPriceRows(prices, now.toISOString());
  const kept = await db
    .selectFrom('fair_prices')
    .select(['model_key', 'condition', 'source', 'median', 'low', 'high', 'count'])
    .execute();
  const keptFigures = new Map(kept.map((row) => [keyOf(row), figuresOf(row)]));
  const written = rows.filter((row) => keptFigures.get(keyOf(row)) !== figuresOf(row));
  const wanted = new Set(rows.map(keyOf));
  const removed = kept.filter((row) => !wanted.has(keyOf(row)));
  const replaced = written.filter((row) => keptFigures.has(keyOf(row)));
  for (const slice of slices([...removed, ...replaced], 250)) {
    await db
      .deleteFrom('fair_prices')
      .where((eb) =>
        eb.or(slice.map((row) => eb.and([eb('model_key', '=', row.model_key), eb('condition', '=', row.condition)]))),
      )
      .execute();
  }
  for (const slice of slices(written, 500)) await db.insertInto('fair_prices').values(slice).execute();
  return written.length + removed.length;
}

const NONE: FairPrice = { source: 'none', median: null, low: null, high: null, count: 0 };

/** The fair price of a model and condition as housekeeping last computed it. */
export async function fairPriceOf(db: Kysely<Database>, productName: string, condition: string): Promise<FairPrice> {
  const row = await db
    .selectFrom('fair_prices')
    .select(['source', 'median', 'low', 'high', 'count'])
    .where('model_key', '=', modelKeyOf(productName))
    .where('condition', '=', condition)
    .executeTakeFirst();
  return row ?? NONE;
}
