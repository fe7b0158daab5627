import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable } from 'kysely';
import { named, tags } from '#server/cache/tags';
import { nextTurn } from '#server/db/batches';
import { changedColumns } from '#server/db/changes';
import type { Engine } from '#server/db/connection';
import type { Database, SearchListingsTable } from '#server/db/schema';
import { listingSearchTags } from './answer-tags';
import { districtOf, indexedText } from './text';

/*
 * The search index follows the products table inside the same transaction as every write to it:
 * the products repository's writes (listing, editing, selling, hiding, deleting, a seller's badge or
 * account) call these with their transaction before committing, so a search never finds what a
 * buyer could no longer see. Nothing else writes listings (tests/search-index.test.ts holds it).
 */

type SearchRow = Insertable<SearchListingsTable>;

let version = 0;

/**
 * Goes up with every write to the index, so what was read from it before (what SqlSearch keeps) is
 * known to be out of date. It moves before the writer commits: a search that reads between the two
 * may keep the old state under the new number, until its time is up.
 */
export const indexVersion = () => version;

/** Rows of the index: the current rows of some products, and some rows by their ids. */
export interface NamedRows {
  productIds: string[];
  /** Rows the products had before: those no longer there were removed. */
  listingIds: number[];
}

export interface ChangedRows extends NamedRows {
  /**
   * Of those rows, the ones whose words may have changed, when not all of them (undefined: all, as
   * in a note of an older version). A listing findable before and after the write with the same
   * indexed text (a price edit, a booking, a seller's badge) matches the same words at the same
   * score, so the words' kept matches and rankings (kept-ids.ts) leave it as they read it: looked up
   * again, it cost every kept word 1-2 ms on SQLite (bm25 counts again for each id), and had its
   * ranking read again in full a minute later (RANKING_DRIFT_MS). The listing columns read them all.
   */
  words?: NamedRows;
  /**
   * Listings whose good-price mark alone changed (a round of the fair prices), with the mark they
   * have now: the id for a mark set, minus the id for one taken away, each list ascending by id, the
   * lists in the order they were written. Applied as they are, with no read: a round may flip a
   * quarter of a million listings, and named as rows they sent every process to read again
   * everything. A listing also named above is read again, which supersedes its mark here.
   */
  marks?: Int32Array[];
}

/**
 * One write to the index: the rows of some products, or (`rows` undefined) too many to name. Made
 * `here`, in this process, or heard from another (see change-notes.ts).
 */
interface Change {
  version: number;
  here: boolean;
  rows: ChangedRows | undefined;
}

/** The latest writes, so a reader that kept the index's columns can catch up on a few rows (see changesSince). */
const changes: Change[] = [];
const CHANGES_KEPT = 1000;
/** Marks kept at most among those changes (4 bytes each): a round that flips more is caught up on by a full read. */
const MARKS_KEPT = 1_000_000;
let marksKept = 0;

const marksIn = (rows: ChangedRows | undefined) => rows?.marks?.reduce((sum, marks) => sum + marks.length, 0) ?? 0;

function record(rows: ChangedRows | undefined, here = true): void {
  version += 1;
  changes.push({ version, here, rows });
  marksKept += marksIn(rows);
  while (changes.length > CHANGES_KEPT || (marksKept > MARKS_KEPT && changes.length > 1)) {
    marksKept -= marksIn(changes.shift()!.rows);
  }
}

/**
 * The rows written since version `since` (only those written in this process with `onlyHere`);
 * undefined when not known row by row (too many at once, or too long ago).
 */
export function changesSince(since: number, onlyHere = false): ChangedRows | undefined {
  if (since === version) return noRows();
  if ((changes[0]?.version ?? Infinity) > since + 1) return undefined;
  const written: ChangedRows[] = [];
  for (const change of changes) {
    if (change.version <= since || (onlyHere && !change.here)) continue;
    if (!change.rows) return undefined;
    written.push(change.rows);
  }
  return joined(written);
}

const noRows = (): NamedRows => ({ productIds: [], listingIds: [] });

/** How many rows are named (a product's current listing and a listing may be one row, counted twice). */
export const rowsNamed = ({ productIds, listingIds }: NamedRows) => productIds.length + listingIds.length;

/** The rows whose words may have changed (ChangedRows.words). */
export const wordsOf = (rows: ChangedRows): NamedRows => rows.words ?? rows;

/** Each row once: one write may sync a listing twice (saved, then published), and it changed once. */
const namedIn = (list: readonly NamedRows[]): NamedRows => ({
  productIds: [...new Set(list.flatMap((rows) => rows.productIds))],
  listingIds: [...new Set(list.flatMap((rows) => rows.listingIds))],
});

/**
 * Several changes as one, their marks in order. A row keeps its words only if every change that
 * named it kept them: a price edit, then a new title, changed its words. Words named apart only
 * when fewer than the rows, so a note of writes that all changed words names its rows once.
 */
export function joined(list: readonly ChangedRows[]): ChangedRows {
  const rows = namedIn(list);
  const words = namedIn(list.map(wordsOf));
  const marks = list.flatMap((changed) => changed.marks ?? []);
  const fewer = rowsNamed(words) < rowsNamed(rows);
  return { ...rows, ...(fewer ? { words } : {}), ...(marks.length > 0 ? { marks } : {}) };
}

/** Another process wrote these rows (undefined: it is not known which), once committed. */
export const changedElsewhere = (rows: ChangedRows | undefined) =>
  record(rows?.marks ? withWrittenReadAgain(rows) : rows, false);

/**
 * Marks heard from another process's round, less those of listings this process knows were written
 * (by a change it keeps), which are read again instead: a listing written just after the round
 * flipped it may be told of before the round's marks, which are then older than what was read.
 */
function withWrittenReadAgain(rows: ChangedRows): ChangedRows {
  const written = new Set(changes.flatMap((change) => change.rows?.listingIds ?? []));
  if (written.size === 0) return rows;
  // Read again for their mark: their words are as they were.
  const words = wordsOf(rows);
  const readAgain = new Set(rows.listingIds);
  const marks = rows.marks!.map((list) =>
    list.filter((mark) => {
      const id = Math.abs(mark);
      if (written.has(id)) readAgain.add(id);
      return !written.has(id);
    }),
  );
  return { ...rows, listingIds: [...readAgain], words, marks };
}

// Every product column: an index rebuilt by an earlier migration reads a products table that has
// not got the later columns yet, and its rows leave theirs out (searchRowOf).
const sourceOf = (db: Kysely<Database>) =>
  db.selectFrom('products as p').innerJoin('users as u', 'u.id', 'p.seller_id').selectAll('p').select('u.is_verified');
type Source = Awaited<ReturnType<ReturnType<typeof sourceOf>['executeTakeFirstOrThrow']>>;

/** Sold and hidden phones are never found, nor those waiting on the admin's review. */
const isFindable = (source: Source) => !source.is_sold && !source.is_hidden && !source.review_state;

/** The trust filters' columns, once migration 013 has made them (see sourceOf). */
const trustColumnsOf = (source: Source): Partial<SearchRow> =>
  source.photo_state === undefined
    ? {}
    : {
        grade: source.condition_grade,
        origin: source.origin,
        battery: source.battery_health,
        is_imei_checked: source.imei_hash !== null,
        is_photo_verified: source.photo_state === 'approved',
      };

function searchRowOf(source: Source): SearchRow {
  return {
    product_id: source.id,
    seller_id: source.seller_id,
    category_id: source.category_id,
    name: source.product_name,
    brand: source.brand,
    brand_key: indexedText(source.brand),
    condition: source.product_condition,
    price: source.resale_price,
    district: districtOf(source.location),
    is_seller_verified: source.is_verified,
    posted_at: source.posted_at,
    text_name: indexedText(source.product_name),
    text_brand: indexedText(source.brand),
    text_location: indexedText(source.location),
    text_description: indexedText(source.description),
    ...trustColumnsOf(source),
  };
}

/**
 * The "Good price" chip's rule (ratePrice in #shared/fair-price) against the fair price housekeeping
 * last computed for the listing's model and condition: one read by the fair prices' key.
 */
async function withGoodPrice(trx: Kysely<Database>, row: SearchRow): Promise<SearchRow> {
  const fair = await trx
    .selectFrom('fair_prices')
    .select('low')
    .where('model_key', '=', row.text_name)
    .where('condition', '=', row.condition)
    .executeTakeFirst();
  return { ...row, is_good_price: fair !== undefined && row.price < fair.low };
}

/** The listings of a model and condition whose fair price puts them under its middle half. */
const goodPrice = (eb: ExpressionBuilder<Database, 'search_listings'>) =>
  eb.exists(
    eb
      .selectFrom('fair_prices as f')
      .select('f.low')
      .whereRef('f.model_key', '=', 'search_listings.text_name')
      .whereRef('f.condition', '=', 'search_listings.condition')
      .whereRef('search_listings.price', '<', 'f.low'),
  );

/** More rows changed at once than the listing columns read again one by one: they load everything. */
const ROWS_NAMED = 1000;

/**
 * A write to these index rows, named when there are few: a million listings take seconds to read
 * again in every process, and the searches of the meantime wait for it. `keptWords` when it wrote
 * none of their texts (ChangedRows.words).
 */
function recordRows(rows: Array<{ id: number; product_id: string }>, keptWords = false): void {
  record(
    rows.length > ROWS_NAMED
      ? undefined
      : {
          productIds: rows.map((row) => row.product_id),
          listingIds: rows.map((row) => row.id),
          ...(keptWords ? { words: noRows() } : {}),
        },
  );
}

/** Listings whose good-price mark alone was set as they say (ChangedRows.marks). */
function recordMarks(rows: Array<{ id: number; is_good_price: boolean }>): void {
  const marks = Int32Array.from(rows, (row) => (row.is_good_price ? row.id : -row.id));
  record({ ...noRows(), marks: [marks.sort((a, b) => Math.abs(a) - Math.abs(b))] });
}

/** A listing whose mark disagrees with its fair price: to be marked, or unmarked. */
const goodPriceChanged = (eb: ExpressionBuilder<Database, 'search_listings'>) =>
  eb.or([
    eb.and([eb('is_good_price', '=', false), goodPrice(eb)]),
    eb.and([eb('is_good_price', '=', true), eb.not(goodPrice(eb))]),
  ]);

/**
 * Listings a round marks in one statement: at a million, one statement over the whole index held
 * SQLite's write lock (every writer of every process waiting) and its process's event loop for a
 * quarter to half a second, twice an hour.
 */
export const MARK_BATCH = 5000;
/**
 * Listings whose mark flipped that a round names one by one, by the good-price searches that could
 * count them (some fifty tags each, their words' beginnings); past it, every good-price search.
 */
export const FLIPS_NAMED = 50;

/** The id that ends the batch of `batch` listings after `after`; undefined for the last, which runs to the end. */
const batchEnd = async (db: Kysely<Database>, after: number, batch: number): Promise<number | undefined> =>
  (
    await db
      .selectFrom('search_listings')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .offset(batch - 1)
      .limit(1)
      .executeTakeFirst()
  )?.id;

/** Flips the mark of the listings of one batch whose mark disagrees with their fair price. */
const flipBatch = (db: Kysely<Database>, after: number, end: number | undefined) =>
  db
    .updateTable('search_listings')
    .set({ is_good_price: sql<boolean>`not is_good_price` })
    .where('id', '>', after)
    .$if(end !== undefined, (update) => update.where('id', '<=', end!))
    .where(goodPriceChanged)
    .returning(['id', 'is_good_price'])
    .execute();

/**
 * What the flips change in public answers: only the searches for good prices show the mark (as a
 * filter; no answer shows it on a listing), those that could count each listing flipped
 * (answer-tags.ts), or every one of them when too many flipped to name.
 */
async function flippedTags(db: Kysely<Database>, flipped: ReadonlyArray<{ id: number }>): Promise<string[]> {
  if (flipped.length > FLIPS_NAMED) return [tags.goodPriceSearch];
  const ids = flipped.map((row) => row.id);
  const rows = await db.selectFrom('search_listings').selectAll().where('id', 'in', ids).execute();
  return [...new Set(rows.flatMap(listingSearchTags))].map(tags.goodPrice);
}

/**
 * Housekeeping, once the fair prices are computed again: marks the listings that became a good
 * price, and unmarks those no longer one, batch by batch down the primary key with a turn of the
 * event loop between (each batch one statement, committed by itself outside a transaction). A
 * listing written in between is marked by its own write against the fair prices it read: on SQLite
 * the new ones (the write lock orders it after the round's commit); on PostgreSQL a write that read
 * them before that commit may keep an old mark until its next write or the next round, an hour at
 * most, as before batches. Records each batch's marks as they are now for the listing columns and
 * the other processes (ChangedRows.marks, change-notes.ts), and names the searches that changed for
 * the public cache. Answers how many changed. The ids for the cache are kept only up to the number
 * it names: the first round on a catalogue of a million marks a quarter of it.
 */
export async function markGoodPrices(db: Kysely<Database>, batch = MARK_BATCH): Promise<number> {
  const flipped: Array<{ id: number }> = [];
  let count = 0;
  for (let after = 0; ;) {
    const end = await batchEnd(db, after, batch);
    const rows = await flipBatch(db, after, end);
    count += rows.length;
    if (rows.length > 0) recordMarks(rows);
    flipped.push(...rows.slice(0, FLIPS_NAMED + 1 - flipped.length));
    if (end === undefined) break;
    after = end;
    await nextTurn();
  }
  if (count === 0) return 0;
  named(await flippedTags(db, flipped));
  return count;
}

/** The indexed texts: all that the full-text index follows (migration 027). */
const TEXTS = ['text_name', 'text_brand', 'text_location', 'text_description'] as const;
type TextFields = Pick<SearchRow, (typeof TEXTS)[number]>;

const vocabularyOf = (row: TextFields | undefined): Set<string> =>
  new Set(row ? TEXTS.flatMap((text) => (row[text] ? row[text].split(' ') : [])) : []);

/** Findable before and after with the same texts: the listing matches the same words at the same score. */
const sameWords = (old: TextFields | undefined, next: TextFields | undefined) =>
  old !== undefined && next !== undefined && TEXTS.every((text) => old[text] === next[text]);

/** Brings the index row of one product in line with the product, inside the caller's transaction. */
/** Where a findable listing is: in no list when it is not findable (sold, hidden, under review, deleted). */
export interface Findable {
  categoryId: string;
  sellerId: string;
}

const findableOf = (row: { category_id: string; seller_id: string } | undefined): Findable | undefined =>
  row && { categoryId: row.category_id, sellerId: row.seller_id };

/** Every column of an index row (the compiler checks that none is missing). */
const INDEX_COLUMNS = Object.keys({
  id: true,
  product_id: true,
  seller_id: true,
  category_id: true,
  name: true,
  brand: true,
  brand_key: true,
  condition: true,
  price: true,
  district: true,
  is_seller_verified: true,
  posted_at: true,
  text_name: true,
  text_brand: true,
  text_location: true,
  text_description: true,
  grade: true,
  origin: true,
  battery: true,
  is_imei_checked: true,
  is_photo_verified: true,
  is_good_price: true,
} satisfies Record<keyof SearchListingsTable, true>);

/** The index row's columns beside the listing's, named apart (`price_indexed`); `is_…` still reads as a boolean on SQLite. */
const INDEXED = '_indexed';

type IndexRow = Selectable<SearchListingsTable>;

/**
 * A listing with its seller's badge, and its index row as it is before the write syncs it, in one
 * read where there were two: every write to a listing syncs it. A listing gone has no index row
 * (its foreign key cascades).
 */
async function listingAndIndexRow(
  trx: Kysely<Database>,
  productId: string,
): Promise<{ source: Source | undefined; old: IndexRow | undefined }> {
  const row = await sourceOf(trx)
    .leftJoin('search_listings as s', 's.product_id', 'p.id')
    .select(INDEX_COLUMNS.map((column) => sql.ref(`s.${column}`).as(`${column}${INDEXED}`)))
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row) return { source: undefined, old: undefined };
  const source: Record<string, unknown> = {};
  const old: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.endsWith(INDEXED)) old[key.slice(0, -INDEXED.length)] = value;
    else source[key] = value;
  }
  return { source: source as Source, old: old.id === null ? undefined : (old as unknown as IndexRow) };
}

/**
 * Indexes the listing as it is now; answers where it was findable before and is now (the public
 * lists it left or entered), whether it is advertised (so in the advertised list when findable),
 * and the searches that could count it before or after (answer-tags.ts).
 */
export async function syncListing(
  trx: Kysely<Database>,
  productId: string,
): Promise<{ before: Findable | undefined; after: Findable | undefined; advertised: boolean; searchTags: string[] }> {
  const { source, old } = await listingAndIndexRow(trx, productId);
  const next = source && isFindable(source) ? await withGoodPrice(trx, searchRowOf(source)) : undefined;
  record({
    productIds: [productId],
    listingIds: old ? [old.id] : [],
    ...(sameWords(old, next) ? { words: noRows() } : {}),
  });
  if (next && old) await updateIndexRow(trx, old, next);
  else if (next) await trx.insertInto('search_listings').values(next).execute();
  else if (old) await trx.deleteFrom('search_listings').where('id', '=', old.id).execute();
  await countWords(trx, changesOf(vocabularyOf(old), vocabularyOf(next)));
  return {
    before: findableOf(old),
    after: findableOf(next),
    // A listing gone is not known to have been advertised or not: it may have been.
    advertised: source === undefined || Boolean(source.is_advertised),
    searchTags: [...new Set([...listingSearchTags(old), ...listingSearchTags(next)])],
  };
}

/**
 * Sets only what changed: a price edit then rewrites the price's indexes, not the words' (SQLite's
 * full-text index follows only a changed text, migration 027) nor the other filters', and a listing
 * synced again unchanged (reviewed after its edit) writes nothing.
 */
async function updateIndexRow(trx: Kysely<Database>, old: { id: number } & Partial<SearchRow>, next: SearchRow) {
  const changed = changedColumns(old, next);
  if (Object.keys(changed).length === 0) return;
  await trx.updateTable('search_listings').set(changed).where('id', '=', old.id).execute();
}

/**
 * Takes a seller's products out of the index before the seller goes; the rows would go with the
 * products anyway, but their words must be counted out.
 */
export async function unindexSeller(trx: Kysely<Database>, sellerId: string): Promise<void> {
  const rows = await trx.selectFrom('search_listings').selectAll().where('seller_id', '=', sellerId).execute();
  if (rows.length === 0) return;
  recordRows(rows);
  await trx.deleteFrom('search_listings').where('seller_id', '=', sellerId).execute();
  const changes = new Map<string, number>();
  for (const row of rows) for (const word of vocabularyOf(row)) changes.set(word, (changes.get(word) ?? 0) - 1);
  await countWords(trx, changes);
}

/**
 * Takes a listing out of the index before its product is deleted: the row would go with the product
 * (its foreign key cascades), but then no one could name it, and what keeps its id (the listing
 * columns, a word's kept matches) would keep it, nor would its words be counted out.
 */
export async function unindexListing(trx: Kysely<Database>, productId: string): Promise<void> {
  const row = await trx
    .selectFrom('search_listings')
    .selectAll()
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!row) return;
  recordRows([row]);
  await trx.deleteFrom('search_listings').where('id', '=', row.id).execute();
  await countWords(trx, changesOf(vocabularyOf(row), new Set()));
}

/** A verified badge earned later shows in the "verified sellers only" filter at once. */
export async function setSellerVerifiedInIndex(trx: Kysely<Database>, sellerId: string, verified: boolean) {
  recordRows(
    await trx
      .selectFrom('search_listings')
      .select(['id', 'product_id'])
      .where('seller_id', '=', sellerId)
      .limit(ROWS_NAMED + 1)
      .execute(),
    true,
  );
  await trx
    .updateTable('search_listings')
    .set({ is_seller_verified: verified })
    .where('seller_id', '=', sellerId)
    .execute();
}

function changesOf(before: Set<string>, after: Set<string>): Map<string, number> {
  const changes = new Map<string, number>();
  for (const word of before) if (!after.has(word)) changes.set(word, -1);
  for (const word of after) if (!before.has(word)) changes.set(word, 1);
  return changes;
}

const WORDS_PER_STATEMENT = 2000;

/**
 * Adds each change to its word's listing count. Words go in sorted order, so two transactions
 * counting the same words lock them in the same order and never deadlock.
 */
async function countWords(db: Kysely<Database>, changes: Map<string, number>): Promise<void> {
  const rows = [...changes]
    .filter(([, change]) => change !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([word, listings]) => ({ word, head: [...word][0]!, length: [...word].length, listings }));
  for (let start = 0; start < rows.length; start += WORDS_PER_STATEMENT) {
    await db
      .insertInto('search_words')
      .values(rows.slice(start, start + WORDS_PER_STATEMENT))
      .onConflict((conflict) =>
        conflict
          .column('word')
          .doUpdateSet((eb) => ({ listings: eb('search_words.listings', '+', eb.ref('excluded.listings')) })),
      )
      .execute();
  }
}

const REBUILD_BATCH = 500;

/**
 * Fills the index when it is empty: after the migration that made it, or one that emptied it
 * because what it stores changed. Start-up runs it after migrating; migrations run no search code.
 */
export async function buildSearchIndexIfEmpty(db: Kysely<Database>, engine: Engine): Promise<void> {
  const any = await db.selectFrom('search_listings').select('id').limit(1).executeTakeFirst();
  if (!any) await rebuildSearchIndex(db, engine);
}

/** Builds the whole index from the products table: for a new index, and for generated benchmark data. */
export async function rebuildSearchIndex(db: Kysely<Database>, engine: Engine): Promise<void> {
  record(undefined);
  await db.deleteFrom('search_listings').execute();
  await db.deleteFrom('search_words').execute();
  const words = new Map<string, number>();
  let after = '';
  for (;;) {
    const batch = await sourceOf(db).where('p.id', '>', after).orderBy('p.id').limit(REBUILD_BATCH).execute();
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    const rows = batch.filter(isFindable).map(searchRowOf);
    if (rows.length > 0) await db.insertInto('search_listings').values(rows).execute();
    for (const row of rows) for (const word of vocabularyOf(row)) words.set(word, (words.get(word) ?? 0) + 1);
  }
  await countWords(db, words);
  await markGoodPrices(db);
  // Merges the many small segments the batches left into one, which later searches read faster.
  if (engine === 'sqlite')
    await sql`insert into search_listings_fts (search_listings_fts) values ('optimize')`.execute(db);
}
