import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { POSTED_HOURS, type SearchFilters, type SearchSort } from '#shared/search';
import type { Engine } from '#server/db/connection';
import type { Database, SearchListingsTable } from '#server/db/schema';
import { selectProductDetails, type ProductDetailsRow } from '#server/products/repository';
import { rowsNamed, type NamedRows } from './indexing';
import type { Found } from './kept-updates';
import { indexedText } from './text';
import type { Term } from './words';

/*
 * The SQL behind the search, for both engines. Only the full-text part differs: an FTS5 MATCH on
 * SQLite, a tsquery against the GIN-indexed tsvector on PostgreSQL.
 */

/** The orders read from the database; best match is ranked once per words (see matchedIds). */
export type ChosenOrder = Exclude<SearchSort, 'best'>;

type Listings = SelectQueryBuilder<Database & { s: SearchListingsTable }, 's', object>;

/** The full-text condition on `s`, and the engine's query text it was made from. */
export interface TextMatch {
  where: Expression<SqlBool>;
  /**
   * The same condition for reading the newest matches (suggestions). On SQLite `where` fetches every
   * match by id and sorts them all; here the unary plus keeps SQLite off the id, so it walks the
   * posted index and checks each row against the matches, stopping when enough are found.
   */
  inOrder: Expression<SqlBool>;
  engine: Engine;
  query: string;
}

/**
 * A full-text condition for all of `terms` (or, `anyWord`, for any of them: the closest results);
 * `namesOnly` looks in names and brands only, for suggestions.
 */
export function textMatch(engine: Engine, terms: Term[], namesOnly = false, anyWord = false): TextMatch {
  if (engine === 'sqlite') {
    const words = terms.map((t) => `"${t.word}"${t.prefix ? '*' : ''}`).join(anyWord ? ' OR ' : ' ');
    const query = namesOnly ? `{text_name text_brand} : (${words})` : words;
    return {
      engine,
      query,
      where: sql<SqlBool>`s.id in (select rowid from search_listings_fts where search_listings_fts match ${query})`,
      inOrder: sql<SqlBool>`+s.id in (select rowid from search_listings_fts where search_listings_fts match ${query})`,
    };
  }
  const query = terms
    .map((t) => `'${t.word}'${t.prefix ? ':*' : ''}${namesOnly ? (t.prefix ? 'A' : ':A') : ''}`)
    .join(anyWord ? ' | ' : ' & ');
  const where = sql<SqlBool>`s.document @@ to_tsquery('simple', ${query})`;
  // PostgreSQL weighs both ways by its statistics.
  return { engine, query, where, inOrder: where };
}

const cutoffOf = (hours: number, now: number) => new Date(now - hours * 3_600_000).toISOString();

/**
 * `priceInOrder` writes the price range with a unary plus, for SQLite pages not sorted by price:
 * without statistics SQLite would read a wide range through the price index and sort it all, where
 * walking the index of the order (a brand's newest, say) and checking the price stops at the page.
 */
function withPrice(query: Listings, filters: SearchFilters, priceInOrder: boolean): Listings {
  const price = priceInOrder ? sql<number>`+s.price` : sql<number>`s.price`;
  let q = query;
  if (filters.minPrice !== undefined) q = q.where(price, '>=', filters.minPrice);
  if (filters.maxPrice !== undefined) q = q.where(price, '<=', filters.maxPrice);
  return q;
}

function withFilters(query: Listings, filters: SearchFilters, now: number, priceInOrder: boolean): Listings {
  let q = withPrice(query, filters, priceInOrder);
  if (filters.category !== undefined) q = q.where('s.category_id', '=', filters.category);
  if (filters.brand !== undefined) q = q.where('s.brand_key', '=', indexedText(filters.brand));
  if (filters.condition !== undefined) q = q.where('s.condition', '=', filters.condition);
  if (filters.district !== undefined) q = q.where('s.district', '=', filters.district);
  if (filters.verified) q = q.where('s.is_seller_verified', '=', true);
  if (filters.posted !== undefined) q = q.where('s.posted_at', '>=', cutoffOf(POSTED_HOURS[filters.posted], now));
  return withTrustFilters(q, filters);
}

/** The trust filters (docs/trust.md) and the good price, with the same meaning as failsTrust in column-filters.ts. */
function withTrustFilters(query: Listings, filters: SearchFilters): Listings {
  let q = query;
  if (filters.grade !== undefined) q = q.where('s.grade', '=', filters.grade);
  if (filters.origin !== undefined) q = q.where('s.origin', '=', filters.origin);
  if (filters.minBattery !== undefined) q = q.where('s.battery', '>=', filters.minBattery);
  if (filters.imeiChecked) q = q.where('s.is_imei_checked', '=', true);
  if (filters.photoVerified) q = q.where('s.is_photo_verified', '=', true);
  if (filters.goodPrice) q = q.where('s.is_good_price', '=', true);
  return q;
}

const columnsOf = (db: Kysely<Database>) =>
  db
    .selectFrom('search_listings')
    .select([
      'id',
      'category_id',
      'brand_key',
      'brand',
      'condition',
      'district',
      'is_seller_verified',
      'posted_at',
      'price',
      'grade',
      'origin',
      'battery',
      'is_imei_checked',
      'is_photo_verified',
      'is_good_price',
    ]);
export type ColumnRow = Awaited<ReturnType<ReturnType<typeof columnsOf>['execute']>>[number];

/** The filter and sort columns of the listings after `afterId`, in id order (see ListingColumns). */
export const columnRows = (db: Kysely<Database>, afterId: number, limit: number) =>
  columnsOf(db).where('id', '>', afterId).orderBy('id').limit(limit).execute();

/** How many listings the index holds: a full read of the columns is sized from it. */
export async function listingsIndexed(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom('search_listings')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The same columns of the listings of the given products, and of the given listings, as far as they are still there. */
export const columnRowsOf = async (db: Kysely<Database>, { productIds, listingIds }: NamedRows) =>
  rowsNamed({ productIds, listingIds }) === 0
    ? []
    : columnsOf(db)
        .where((eb) =>
          eb.or([
            ...(productIds.length > 0 ? [eb('product_id', 'in', productIds)] : []),
            ...(listingIds.length > 0 ? [eb('id', 'in', listingIds)] : []),
          ]),
        )
        .execute();

/**
 * The ids (`search_listings.id`) of every listing the words match, in no particular order. They come
 * as one list in a string: a word most listings have ("battery") matches nearly all of a million,
 * which as rows of their own were a million objects at once on the JavaScript heap.
 */
export async function matchedIds(db: Kysely<Database>, match: TextMatch): Promise<Int32Array> {
  const { rows } = await (
    match.engine === 'sqlite'
      ? sql<{
          ids: string | null;
        }>`select group_concat(rowid, ',') as ids from search_listings_fts where search_listings_fts match ${match.query}`
      : sql<{
          ids: string | null;
        }>`select string_agg(s.id::text, ',') as ids from search_listings s where ${match.where}`
  ).execute(db);
  return idsIn(rows[0]?.ids ?? null);
}

/**
 * Listings in best-match order, each with its score, lower first: FTS5's rank (bm25) on SQLite, ts_rank
 * negated on PostgreSQL (its ties by the newest, as the ranking orders them). The scores place a listing
 * written later among them (sql-search.ts) without reading every match again.
 */
export interface Ranking {
  ids: Int32Array;
  scores: Float32Array;
  /**
   * Set when the words match more listings than are ranked (RANKED_MATCHES): only the newest are, and
   * every other match has an id below this one (the lowest ranked when read). Those follow the ranked,
   * newest first, taken from the words' matches (read in full, kept).
   */
  olderBelow?: number;
}

/** Every match of the words with its score, in one statement (the score computed once a row). */
const scored = (match: TextMatch) =>
  match.engine === 'sqlite'
    ? sql`select rowid as id, rank as score from search_listings_fts where search_listings_fts match ${match.query}`
    : sql`select s.id, s.posted_at, -ts_rank(s.document, to_tsquery('simple', ${match.query})) as score from search_listings s where ${match.where}`;

/**
 * The newest `count` matches with their scores (below the id `below`, if given): FTS5 reads its index
 * by rowid from the highest down and stops there, so only those are scored. PostgreSQL still scores
 * every match its bitmap scan reads, but sorts and gathers only the newest (the ordered gathering of
 * every match was most of the cost at a million; scoring only the ids found first, a second visit of
 * each row, cost more).
 */
const newestScored = (match: TextMatch, count: number, below?: number) =>
  match.engine === 'sqlite'
    ? sql`select rowid as id, rank as score from search_listings_fts where search_listings_fts match ${match.query}
        ${below === undefined ? sql`` : sql`and rowid < ${below}`} order by rowid desc limit ${count}`
    : sql`${scored(match)} order by s.id desc limit ${count}`;

/**
 * How many matches one statement ranks on SQLite, whose statements run on the event loop: at 100,000
 * listings 2,000 of "samsung galaxy" take 5-8 ms, where its newest 20,000 in one statement held the
 * loop 35-50 ms (every request of the process waiting). bm25's counts are the whole index's, so the
 * parts' scores compare; each part counts them again, about 60% more CPU in all, in slices.
 */
const RANKED_PER_STATEMENT = 2000;

/**
 * The newest `atMost` listings the words match, best match first (see Ranking), read as two lists in
 * strings (see matchedIds). One more is read to know whether there are older ones.
 */
export async function rankedIds(
  db: Kysely<Database>,
  match: TextMatch,
  atMost: number,
  perStatement = RANKED_PER_STATEMENT,
): Promise<Ranking> {
  if (match.engine !== 'sqlite') {
    const part = await rankedPart(db, match, atMost + 1);
    return part.matched > atMost ? withoutOldest(asRanking(part)) : asRanking(part);
  }
  const parts: RankedPart[] = [];
  let read = 0;
  let below: number | undefined;
  while (read <= atMost) {
    const part = await rankedPart(db, match, Math.min(perStatement, atMost + 1 - read), below);
    parts.push(part);
    read += part.matched;
    if (part.matched < perStatement || part.oldest === undefined) break;
    below = part.oldest;
  }
  const ranking = asRanking(parts.reduce(mergedParts));
  return read > atMost ? withoutOldest(ranking) : ranking;
}

/** Some of the newest matches, best first (scores as read: 64-bit), and the oldest id among them. */
interface RankedPart {
  ids: Int32Array;
  scores: Float64Array;
  matched: number;
  oldest: number | undefined;
}

// Materialized: the score is computed once a row, not once for each list.
async function rankedPart(db: Kysely<Database>, match: TextMatch, count: number, below?: number): Promise<RankedPart> {
  const { rows } = await (
    match.engine === 'sqlite'
      ? sql<RankedRow>`with matches as materialized (${newestScored(match, count, below)})
        select group_concat(id, ',' order by score, id desc) as ids,
          group_concat(score, ',' order by score, id desc) as scores, count(*) as matched, min(id) as oldest from matches`
      : sql<RankedRow>`with matches as materialized (${newestScored(match, count)})
        select string_agg(id::text, ',' order by score, posted_at desc, id desc) as ids,
          string_agg(score::text, ',' order by score, posted_at desc, id desc) as scores, count(*) as matched,
          min(id) as oldest from matches`
  ).execute(db);
  const row = rows[0];
  return {
    ids: idsIn(row?.ids ?? null),
    scores: row?.scores ? Float64Array.from(row.scores.split(','), Number) : new Float64Array(0),
    matched: Number(row?.matched ?? 0),
    oldest: row?.oldest === null || row?.oldest === undefined ? undefined : Number(row.oldest),
  };
}

interface RankedRow {
  ids: string | null;
  scores: string | null;
  matched: number | string;
  oldest: number | string | null;
}

/** Two parts in one, best first: by score, ties by the higher id (as SQLite orders them). */
function mergedParts(a: RankedPart, b: RankedPart): RankedPart {
  const ids = new Int32Array(a.ids.length + b.ids.length);
  const scores = new Float64Array(ids.length);
  let i = 0;
  let j = 0;
  for (let at = 0; at < ids.length; at += 1) {
    const fromA =
      j === b.ids.length ||
      (i < a.ids.length && (a.scores[i]! < b.scores[j]! || (a.scores[i] === b.scores[j] && a.ids[i]! > b.ids[j]!)));
    ids[at] = fromA ? a.ids[i]! : b.ids[j]!;
    scores[at] = fromA ? a.scores[i++]! : b.scores[j++]!;
  }
  return { ids, scores, matched: a.matched + b.matched, oldest: Math.min(a.oldest ?? Infinity, b.oldest ?? Infinity) };
}

const asRanking = (part: RankedPart): Ranking => ({ ids: part.ids, scores: Float32Array.from(part.scores) });

/** The ranking without its oldest listing, read only to know there are older ones: they begin at it. */
function withoutOldest({ ids, scores }: Ranking): Ranking {
  let oldest = 0;
  for (let at = 1; at < ids.length; at += 1) if (ids[at]! < ids[oldest]!) oldest = at;
  const without = <T extends Int32Array | Float32Array>(list: T) => list.filter((_, at) => at !== oldest) as T;
  const kept = without(ids);
  return { ids: kept, scores: without(scores), olderBelow: kept.reduce((low, id) => Math.min(low, id), Infinity) };
}

/** The ids of the rows named: the products' current listings, and the listings. */
const namedRows = (db: Kysely<Database>, { productIds, listingIds }: NamedRows) =>
  db
    .selectFrom('search_listings as s')
    .select('s.id')
    .where((eb) =>
      eb.or([
        ...(productIds.length > 0 ? [eb('s.product_id', 'in', productIds)] : []),
        ...(listingIds.length > 0 ? [eb('s.id', 'in', listingIds)] : []),
      ]),
    );

const namesNone = (named: NamedRows) => rowsNamed(named) === 0;

/** Every match of the words, its id only. */
const matching = (match: TextMatch) =>
  match.engine === 'sqlite'
    ? sql`select rowid as id from search_listings_fts where search_listings_fts match ${match.query}`
    : sql`select s.id from search_listings s where ${match.where}`;

/**
 * Which of the named listings the words match now: how kept matches follow a write (sql-search.ts).
 * On PostgreSQL a lookup of those rows; on SQLite a seek into the words' entries in FTS5's index for
 * each named id (its plan's rowid equality, taken for each id of the list).
 */
export async function matchesAmong(db: Kysely<Database>, match: TextMatch, named: NamedRows): Promise<number[]> {
  if (namesNone(named)) return [];
  const { rows } = await sql<{
    id: number;
  }>`select id from (${matching(match)}) m where id in (${namedRows(db, named)})`.execute(db);
  return rows.map((row) => Number(row.id));
}

/**
 * The same with each one's score (see Ranking), for a kept ranking. Dearer on SQLite, so only where
 * the score is needed: FTS5's bm25 counts the listings having each word once a statement, and
 * seeking each named id is a statement of its own (at 100,000 listings 1.5-2 ms an id for "samsung
 * galaxy", 2-4 for "battery"). New listings are the newest rows, so there one statement reads the
 * words' newest matches down to the oldest named id (RECENT_MATCHES at most) and keeps the named
 * ones: five of the newest forty ids, 3.1-3.6 ms against 7.2-9.6 for "samsung galaxy", 6.5-10
 * against 11-19 for "battery". Named ids older than what it read (an old listing's text edited) are
 * sought one by one.
 */
export async function scoredAmong(
  db: Kysely<Database>,
  match: TextMatch,
  named: NamedRows,
  recentAtMost = RECENT_MATCHES,
): Promise<Found[]> {
  if (namesNone(named)) return [];
  if (match.engine !== 'sqlite') return foundIn(await scoredEach(db, match, named));
  const ids = (await namedRows(db, named).execute()).map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const { rows } = await sql<Found>`select rowid as id, rank as score from search_listings_fts
    where search_listings_fts match ${match.query} and rowid >= ${Math.min(...ids)}
    order by rowid desc limit ${recentAtMost + 1}`.execute(db);
  // The newest read hold every match from the last of them up; the named ids below it are sought.
  const newest = rows.slice(0, recentAtMost);
  const readFrom = rows.length > recentAtMost ? Number(newest.at(-1)?.id ?? Infinity) : -Infinity;
  const older = ids.filter((id) => id < readFrom);
  const isNamed = new Set(ids);
  const found = newest.filter((row) => isNamed.has(Number(row.id)));
  return foundIn(
    older.length === 0 ? found : [...found, ...(await scoredEach(db, match, { productIds: [], listingIds: older }))],
  );
}

/** The named listings the words match, each sought in the index with its score. */
const scoredEach = async (db: Kysely<Database>, match: TextMatch, named: NamedRows) =>
  (await sql<Found>`select id, score from (${scored(match)}) m where id in (${namedRows(db, named)})`.execute(db)).rows;

/** How many of the newest matches scoredAmong reads at most to find the named ones among them. */
const RECENT_MATCHES = 500;

const foundIn = (rows: Found[]): Found[] => rows.map((row) => ({ id: Number(row.id), score: Number(row.score) }));

const COMMA = 44;
const ZERO = 48;

/** The ids of a list of positive integers written `1,2,3`, read without splitting it into strings. */
export function idsIn(list: string | null): Int32Array {
  if (!list) return new Int32Array(0);
  let count = 1;
  for (let at = 0; at < list.length; at += 1) if (list.charCodeAt(at) === COMMA) count += 1;
  const ids = new Int32Array(count);
  let filled = 0;
  let value = 0;
  for (let at = 0; at < list.length; at += 1) {
    const code = list.charCodeAt(at);
    if (code === COMMA) {
      ids[filled++] = value;
      value = 0;
    } else value = value * 10 + code - ZERO;
  }
  ids[filled] = value;
  return ids;
}

/**
 * The product ids of the listings passing the filters of a search without words, in a chosen order
 * (newest or by price), read down the index of that order and stopping at the page's end; only that
 * page is then joined to its details (`detailsOf`). Word searches order their matches in memory
 * (column-pages.ts).
 */
export function orderedIds(
  db: Kysely<Database>,
  filters: SearchFilters,
  sort: ChosenOrder,
  now: number,
  engine: Engine,
) {
  const byPrice = sort !== 'newest';
  const ids = withFilters(db.selectFrom('search_listings as s'), filters, now, engine === 'sqlite' && !byPrice).select(
    's.product_id',
  );
  return sort === 'price_asc'
    ? ids.orderBy('s.price', 'asc').orderBy('s.id', 'asc')
    : sort === 'price_desc'
      ? ids.orderBy('s.price', 'desc').orderBy('s.id', 'desc')
      : ids.orderBy('s.posted_at', 'desc').orderBy('s.id', 'desc');
}

/** One page of a search without words, with the product details the API answers. */
export async function listingPage(
  db: Kysely<Database>,
  filters: SearchFilters,
  sort: ChosenOrder,
  page: { limit: number; offset: number },
  now: number,
  engine: Engine,
): Promise<ProductDetailsRow[]> {
  const ids = await orderedIds(db, filters, sort, now, engine).limit(page.limit).offset(page.offset).execute();
  return detailsOf(
    db,
    ids.map((row) => row.product_id),
  );
}

/** The products of the given listings, in the order given. */
export async function productIdsOf(db: Kysely<Database>, listingIds: number[]): Promise<string[]> {
  if (listingIds.length === 0) return [];
  const rows = await db
    .selectFrom('search_listings')
    .select(['id', 'product_id'])
    .where('id', 'in', listingIds)
    .execute();
  const productOf = new Map(rows.map((row) => [row.id, row.product_id]));
  return listingIds.flatMap((id) => productOf.get(id) ?? []);
}

/** The given products with the details the API answers, in the order given. */
export async function detailsOf(db: Kysely<Database>, pageIds: string[]): Promise<ProductDetailsRow[]> {
  if (pageIds.length === 0) return [];
  const rows = await selectProductDetails(db).where('p.id', 'in', pageIds).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return pageIds.flatMap((id) => byId.get(id) ?? []);
}

const SUGGESTION_SAMPLE = 200;

/**
 * Names and brands of the newest listings whose name or brand matches: suggestions come from them.
 * Read down the posted index (see TextMatch.inOrder): a short prefix matches a large share of all
 * listings, and the sample is full long before they are all fetched.
 */
export function suggestionSample(db: Kysely<Database>, match: TextMatch) {
  return db
    .selectFrom('search_listings as s')
    .select(['s.name', 's.brand'])
    .where(match.inOrder)
    .orderBy('s.posted_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(SUGGESTION_SAMPLE)
    .execute();
}

export const categoryNames = async (db: Kysely<Database>) =>
  new Map(
    (await db.selectFrom('categories').select(['id', 'category_name']).execute()).map((c) => [c.id, c.category_name]),
  );
