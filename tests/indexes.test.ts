import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredSessions } from '#server/auth/repository';
import { deleteEndedCounters } from '#server/limits/counters';
import { listOrdersOfBuyer } from '#server/bookings/repository';
import { ENGLISH } from '#server/i18n/texts';
import { openDatabase } from '#server/db/connection';
import type { Database } from '#server/db/schema';
import { prepareDatabase } from '#server/start/setup';
import { SqliteValuesPlugin, toSqliteParameters, withSqliteValues } from '#server/db/values';
import {
  alertsWithPendingMatches,
  listAlerts,
  markDelivered,
  pendingMatchesOf,
  recordMatches,
  wordsOfAlertsMatching,
} from '#server/alerts/repository';
import { removeOldAlertMatches, type HousekeepingDeps } from '#server/housekeeping';
import { createTestApp, type TestApp } from './support/app';
import { listProducts, photosOf, type ProductFilter } from '#server/products/repository';
import { listReportedProducts } from '#server/reports/repository';
import { SqlSearch } from '#server/search/sql-search';
import type { SearchQuery } from '#shared/search';
import { deleteUnusedUploads } from '#server/uploads/repository';
import { DiskImageStore } from '#server/uploads/store';
import { listUsersByRole } from '#server/users/repository';
import { listPendingRequests } from '#server/verification/repository';
import {
  listReportedReviews,
  listSellerReviews,
  reviewsDueBefore,
  sellerAverages,
  soldDealsOf,
} from '#server/reviews/repository';

/*
 * Every list the API pages through, and every housekeeping sweep, must be served by an index, or it
 * slows down as the marketplace grows. SQLite's query plan says so for each statement the
 * repositories really run: a full table scan or a sort in a temporary b-tree fails the test. (Its
 * planner uses an index whenever one fits, even on an empty table; PostgreSQL's does not on a
 * small one, so the plans are checked here, once, on the migrations both engines share.)
 */
let dir: string;
let file: SQLite.Database;
let db: Kysely<Database>;
const statements: CompiledQuery[] = [];
const images = new DiskImageStore('/nonexistent');
const page = { page: 3, limit: 20 };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'phonehaat-plans-'));
  const handle = openDatabase({ dataDir: dir });
  await prepareDatabase(handle.db, handle.engine, images);
  await handle.close();
  file = new SQLite(join(dir, 'phonehaat.sqlite'));
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withSqliteValues(file) }),
    plugins: [new SqliteValuesPlugin()],
    log: (event) => void statements.push(event.query),
  });
});
afterAll(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

/** The plan of every statement `run` makes; fails on a table scanned whole or a sort done apart. */
async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
  statements.length = 0;
  await run();
  expect(statements.length).toBeGreaterThan(0);
  return statements.flatMap((statement) =>
    file
      .prepare(`explain query plan ${statement.sql}`)
      .all(...toSqliteParameters(statement.parameters))
      .map((row) => (row as { detail: string }).detail),
  );
}

// A scan of a whole index (`SCAN t USING INDEX`) is fine: it reads rows in the order asked for and stops at the page.
// Categories are base data (a handful of rows); `matches` is the words' matches, read once through the
// full-text index into a materialized CTE (rankedIds) and then gone over to rank them.
const wholeTableScan = /^SCAN (?!categories$|c$|matches$)\w+$/;

function expectIndexed(plans: string[]) {
  expect(plans.filter((step) => wholeTableScan.test(step) || step.includes('USE TEMP B-TREE'))).toEqual([]);
}

describe('list queries use an index for their filter and order', () => {
  const productLists: Record<string, ProductFilter> = {
    'all phones (unsold)': {},
    'advertised and unsold': { advertisedOnly: true },
    'a category (unsold)': { categoryId: 'c1' },
    "a seller's own (sold and hidden too)": { sellerId: 'u1', includeSold: true, includeHidden: true },
  };
  for (const [name, filter] of Object.entries(productLists)) {
    it(`products: ${name}`, async () => expectIndexed(await plansOf(() => listProducts(db, filter, page))));
  }

  // The page after a cursor (`?after=`) reads on from the listing it names through the same index.
  const after = { postedAt: '2026-11-20T10:00:00.000Z', id: 'a'.repeat(24) };
  for (const [name, filter] of Object.entries(productLists)) {
    it(`products after a cursor: ${name}`, async () => {
      const plans = await plansOf(() => listProducts(db, filter, { ...page, after }));
      expectIndexed(plans);
      // The cursor is a range of the index, not a filter over rows read from its start.
      expect(plans.some((step) => /^SEARCH p USING (COVERING )?INDEX .*\(posted_at,id\)<\(\?,\?\)/.test(step))).toBe(
        true,
      );
    });
  }

  it('product photos of a page of products', async () =>
    expectIndexed(await plansOf(() => photosOf(db, ['p1', 'p2', 'p3']))));
  it("bookings: a buyer's orders", async () =>
    expectIndexed(await plansOf(() => listOrdersOfBuyer(db, 'u1', page, ENGLISH))));
  it('users: buyers and sellers', async () => {
    expectIndexed(await plansOf(() => listUsersByRole(db, 'buyer', page)));
    expectIndexed(await plansOf(() => listUsersByRole(db, 'seller', page)));
  });
  it('verification requests waiting', async () => expectIndexed(await plansOf(() => listPendingRequests(db, page))));
  it('reported products', async () => expectIndexed(await plansOf(() => listReportedProducts(db, images, page))));
  it("reviews: a seller's public reviews and averages", async () => {
    expectIndexed(await plansOf(() => listSellerReviews(db, 'u1', page)));
    expectIndexed(await plansOf(() => sellerAverages(db, 'u1')));
    expectIndexed(await plansOf(() => soldDealsOf(db, 'u1')));
  });
  it('reviews: reported ones, and those due to publish', async () => {
    expectIndexed(await plansOf(() => listReportedReviews(db, page)));
    expectIndexed(await plansOf(() => reviewsDueBefore(db, '2026-11-20T10:00:00.000Z', 200)));
  });
  it("products: a seller's public list (unsold, shown)", async () =>
    expectIndexed(await plansOf(() => listProducts(db, { sellerId: 'u1' }, page))));
});

describe('search uses an index for every filter and sort', () => {
  const search = () => new SqlSearch(db, 'sqlite');
  const query = (fields: Partial<SearchQuery>): SearchQuery => ({ q: '', page: 3, limit: 20, ...fields });
  const withoutWords: Record<string, Partial<SearchQuery>> = {
    newest: {},
    'price low to high': { sort: 'price_asc' },
    'price high to low': { sort: 'price_desc' },
    'a category, newest': { category: 'c1' },
    'a category by price': { category: 'c1', sort: 'price_asc' },
    'a brand by price': { brand: 'Samsung', sort: 'price_desc' },
    'a district, newest': { district: 'Dhaka' },
  };
  for (const [name, fields] of Object.entries(withoutWords)) {
    it(`${name}, with its facet counts`, async () =>
      expectIndexed(await plansOf(() => search().search(query(fields)))));
  }

  // A price range may be read through the price index and its rows grouped for the facet counts:
  // the page itself is still read in index order.
  it('every filter at once', async () => {
    const plans = await plansOf(() =>
      search().search(
        query({
          category: 'c1',
          brand: 'Samsung',
          condition: 'Good',
          minPrice: 1000,
          maxPrice: 50000,
          district: 'Dhaka',
          verified: true,
          posted: '7d',
        }),
      ),
    );
    expect(plans.filter((step) => wholeTableScan.test(step) || step.includes('TEMP B-TREE FOR ORDER BY'))).toEqual([]);
  });

  // Words narrow the listings through the full-text index first; only those matches are then
  // grouped and ordered, so a temporary b-tree over them is expected, never a scan of the table.
  const withWords: Record<string, Partial<SearchQuery>> = {
    'best match': { q: 'galaxy' },
    newest: { q: 'galaxy', sort: 'newest' },
    'by price with filters': { q: 'galaxy', sort: 'price_asc', brand: 'Samsung', minPrice: 1000 },
  };
  for (const [name, fields] of Object.entries(withWords)) {
    it(`words: ${name}`, async () => {
      const plans = await plansOf(() => search().search(query(fields)));
      expect(plans.filter((step) => wholeTableScan.test(step))).toEqual([]);
      expect(plans.some((step) => step.includes('search_listings_fts VIRTUAL TABLE'))).toBe(true);
    });
  }

  it('suggestions', async () => {
    const plans = await plansOf(() => search().suggest('gal'));
    expect(plans.filter((step) => wholeTableScan.test(step))).toEqual([]);
  });
});

describe('housekeeping sweeps use an index', () => {
  const now = new Date().toISOString();
  it('unused uploads', async () => expectIndexed(await plansOf(() => deleteUnusedUploads(db, images, now))));
  it('expired sessions', async () => expectIndexed(await plansOf(() => deleteExpiredSessions(db))));
  it('ended limit counters', async () => expectIndexed(await plansOf(() => deleteEndedCounters(db))));
});

/*
 * PostgreSQL (run this file with TEST_DATABASE_URL): the page after a cursor is a range of the same
 * index, read backwards in the list's order, with no sort. Its planner prefers a scan of a small
 * table, so whole scans are priced out here: the question is whether an index path without a sort
 * exists, which is what a big table takes.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('keyset pages on PostgreSQL use an index and no sort', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function postgresPlansOf(run: (db: Kysely<Database>) => Promise<unknown>): Promise<string[]> {
    const compiled: CompiledQuery[] = [];
    const capture: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        compiled.push(t.db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await run(t.db.withPlugin(capture));
    expect(compiled.length).toBeGreaterThan(0);
    return t.db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      await sql`set enable_bitmapscan = off`.execute(connection);
      try {
        const plans: string[] = [];
        for (const query of compiled) {
          const { rows } = await connection.executeQuery<Record<string, string>>(
            CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
          );
          plans.push(...rows.map((row) => row['QUERY PLAN']!));
        }
        return plans;
      } finally {
        await sql`reset all`.execute(connection);
      }
    });
  }

  const publicLists: Record<string, ProductFilter> = {
    'all phones': {},
    advertised: { advertisedOnly: true },
    'a category': { categoryId: 'c1' },
  };
  const after = { postedAt: '2026-11-20T10:00:00.000Z', id: 'a'.repeat(24) };
  for (const [name, filter] of Object.entries(publicLists)) {
    it(`products after a cursor: ${name}`, async () => {
      const plans = await postgresPlansOf((db) => listProducts(db, filter, { page: 1, limit: 20, after }));
      expect(plans.filter((step) => /Seq Scan on products|\bSort\b/.test(step))).toEqual([]);
      const scan = plans.findIndex((step) =>
        /Index (Only )?Scan Backward using products_\w+_posted on products p/.test(step),
      );
      expect(scan, plans.join('\n')).toBeGreaterThanOrEqual(0);
      // The cursor bounds the index scan itself (an Index Cond), not a filter on the rows it reads.
      expect(plans[scan + 1]).toMatch(/Index Cond: .*ROW\((p\.)?posted_at, (p\.)?id\) < ROW\(/);
    });
  }
});

describe('alerts: matching a new listing and delivering read by index, however many alerts there are', () => {
  const listing = {
    id: 1,
    product_id: 'p1',
    seller_id: 'u1',
    category_id: 'c1',
    brand_key: 'apple',
    condition: 'Good',
    district: 'Dhaka',
    price: 55_000,
    is_seller_verified: false,
  };
  it('the alerts a listing matches, one read of saved_alerts_match for their words and one to write the ledger', async () => {
    for (const read of [
      () => wordsOfAlertsMatching(db, listing),
      () => recordMatches(db, 'sqlite', listing, ['[{"word":"iphone","prefix":false}]'], 'drop', new Date()),
    ]) {
      const plans = await plansOf(read);
      // Its distinct words and one row per person are picked among the alerts matched alone.
      expect(plans.filter((step) => wholeTableScan.test(step) || /TEMP B-TREE FOR ORDER BY/.test(step))).toEqual([]);
      expect(plans.some((step) => step.includes('saved_alerts_match'))).toBe(true);
    }
  });
  it("a user's alerts with their last matches", async () => {
    await db
      .insertInto('users')
      .values({
        id: 'u2',
        email: 'u2@example.test',
        password_hash: null,
        name: 'U',
        photo_url: '',
        role: 'buyer',
        google_sub: null,
        phone_number: null,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('saved_alerts')
      .values({
        id: 'a1',
        user_id: 'u2',
        search: 'q=x',
        sentence: 'x',
        words: '[]',
        category_id: '',
        brand_key: '',
        condition: '',
        district: '',
        min_price: 0,
        max_price: 1,
        is_verified_only: false,
        frequency: 'instant',
        created_at: '2026-01-01T00:00:00.000Z',
        last_sent_at: null,
      })
      .execute();
    expectIndexed(await plansOf(() => listAlerts(db, 'u2')));
  });
  it('housekeeping: alert deliveries older than 90 days', async () =>
    expectIndexed(await plansOf(() => removeOldAlertMatches({ db } as HousekeepingDeps))));
  it('alerts with untold matches, and their matches', async () => {
    expectIndexed(await plansOf(() => alertsWithPendingMatches(db)));
    expectIndexed(await plansOf(() => pendingMatchesOf(db, ['a1'])));
  });
  it('marking matches told reads those matches alone, never all the untold ones', async () => {
    // A round marks thousands at once: so long an `in` list of ids makes SQLite read the untold
    // index instead, which must then be limited to the alerts told.
    const matches = Array.from({ length: 5000 }, (_, i) => ({ id: `m${i}`, alert_id: `a${i % 500}` }));
    const plans = await plansOf(() => markDelivered(db, matches, new Date()));
    expectIndexed(plans);
    const reads = plans.filter((step) => step.startsWith('SEARCH alert_matches'));
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read).toMatch(/\((id=\?|delivered_at=\? AND alert_id=\?)\)$/);
  });
});
