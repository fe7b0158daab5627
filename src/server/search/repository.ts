import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { POSTED_HOURS, POSTED_WITHIN, type SearchFilters, type SearchSort } from '../../shared/search';
import type { Engine } from '../db/connection';
import type { Database, SearchListingsTable } from '../db/schema';
import { selectProductDetails, type ProductDetailsRow } from '../products/repository';
import type { FacetGroup } from './facets';
import { indexedText } from './text';
import type { Term } from './words';

/*
 * The SQL behind the search, for both engines. Only the full-text part differs: an FTS5 MATCH on
 * SQLite, a tsquery against the GIN-indexed tsvector on PostgreSQL.
 */

type Listings = SelectQueryBuilder<Database & { s: SearchListingsTable }, 's', object>;

/** The full-text condition on `s`, and the engine's query text it was made from. */
interface TextMatch {
  where: Expression<SqlBool>;
  /**
   * The same condition for a page in a chosen order. On SQLite `where` fetches every match by id
   * and sorts them all; here the unary plus keeps SQLite off the id, so it walks the index of the
   * order and checks each row against the matches, stopping at the page's end. Common words fill
   * a page within a few hundred rows, however many listings there are.
   */
  inOrder: Expression<SqlBool>;
  engine: Engine;
  query: string;
}

/** A full-text condition for all of `terms`; `namesOnly` looks in names and brands only, for suggestions. */
export function textMatch(engine: Engine, terms: Term[], namesOnly = false): TextMatch {
  if (engine === 'sqlite') {
    const words = terms.map((t) => `"${t.word}"${t.prefix ? '*' : ''}`).join(' ');
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
    .join(' & ');
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
function withPrice(query: Listings, filters: SearchFilters, priceInOrder = false): Listings {
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
  return q;
}

/** The matched listings grouped by every faceted column (see FacetGroup). */
export function facetGroups(
  db: Kysely<Database>,
  filters: SearchFilters,
  match: TextMatch | undefined,
  now: number,
): Promise<FacetGroup[]> {
  let query = withPrice(db.selectFrom('search_listings as s'), filters);
  if (match) query = query.where(match.where);
  const within = (period: (typeof POSTED_WITHIN)[number]) =>
    sql<number>`sum(case when s.posted_at >= ${cutoffOf(POSTED_HOURS[period], now)} then 1 else 0 end)`.as(
      `within_${period}`,
    );
  return query
    .select(['s.category_id', 's.brand_key', 's.condition', 's.district', 's.is_seller_verified'])
    .select((eb) => [eb.fn.max('s.brand').as('brand'), eb.fn.countAll<number>().as('listings')])
    .select(POSTED_WITHIN.map(within))
    .groupBy(['s.category_id', 's.brand_key', 's.condition', 's.district', 's.is_seller_verified'])
    .execute() as Promise<FacetGroup[]>;
}

/**
 * The product ids of the matched listings in the order asked, read on the search index alone:
 * only a page of them is then joined to its details (`detailsOf`), since joining every match first
 * would carry whole product rows through the sort of thousands of matches.
 */
export function orderedIds(
  db: Kysely<Database>,
  filters: SearchFilters,
  match: TextMatch | undefined,
  sort: SearchSort,
  now: number,
  engine: Engine,
) {
  const byPrice = sort === 'price_asc' || sort === 'price_desc';
  const sqliteBest = sort === 'best' && match?.engine === 'sqlite';
  let query = withFilters(db.selectFrom('search_listings as s'), filters, now, engine === 'sqlite' && !byPrice);
  if (match && !sqliteBest) query = query.where(match.inOrder);
  const ids = query.select('s.product_id');
  return sort === 'best' && match
    ? ids.$call((q) =>
        match.engine === 'sqlite'
          ? // FTS5 ranks only in a query on its own table: ranked there, then joined to the filters.
            q
              .innerJoin(
                sql<{
                  id: number;
                  score: number;
                }>`(select rowid as id, rank as score from search_listings_fts where search_listings_fts match ${match.query})`.as(
                  'f',
                ),
                'f.id',
                's.id',
              )
              .orderBy('f.score')
              .orderBy('s.id', 'desc')
          : q
              .orderBy(sql`ts_rank(s.document, to_tsquery('simple', ${match.query}))`, 'desc')
              .orderBy('s.posted_at', 'desc')
              .orderBy('s.id', 'desc'),
      )
    : sort === 'price_asc'
      ? ids.orderBy('s.price', 'asc').orderBy('s.id', 'asc')
      : sort === 'price_desc'
        ? ids.orderBy('s.price', 'desc').orderBy('s.id', 'desc')
        : ids.orderBy('s.posted_at', 'desc').orderBy('s.id', 'desc');
}

/** One page of matched listings with the product details the API answers. */
export async function listingPage(
  db: Kysely<Database>,
  filters: SearchFilters,
  match: TextMatch | undefined,
  sort: SearchSort,
  page: { limit: number; offset: number },
  now: number,
  engine: Engine,
): Promise<ProductDetailsRow[]> {
  const ids = await orderedIds(db, filters, match, sort, now, engine).limit(page.limit).offset(page.offset).execute();
  return detailsOf(
    db,
    ids.map((row) => row.product_id),
  );
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
