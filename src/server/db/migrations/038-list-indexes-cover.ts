import { sql } from 'kysely';
import { createIndex, engineMigration } from './ddl';

/**
 * The public lists' indexes hold every column their filter reads (a listing waiting on review is
 * public nowhere), so a page's ids are read from the index alone (listProducts) and a deep page steps
 * over index entries instead of reading each row it skips with its seller and category. Page 200
 * read about 12,000 pages of the database at 100,000 listings and 16,000 at a million, up to a quarter
 * of them from the disk's cache at either size (SQLite's cache holds 2 MB); now about 200, all from its
 * cache. SQLite takes `review_state` as a column before the posting time (it reads `is null` as an
 * equality, so the order after it still serves the lists); PostgreSQL only the listings without one
 * (a partial index: its planner would sort a whole list read after a null-tested column).
 */
export const listIndexesCoverMigration = engineMigration(async (db, _types, engine) => {
  const onSale: Array<[name: string, columns: string[]]> = [
    ['products_category_posted', ['category_id', 'is_sold', 'is_hidden']],
    ['products_advertised_posted', ['is_advertised', 'is_sold', 'is_hidden']],
    ['products_sold_posted', ['is_sold', 'is_hidden']],
  ];
  for (const [name, filtered] of onSale) {
    if (engine === 'postgres') {
      // Built under another name first: dropping an index locks its table against reads until the
      // migration commits, so the old one goes only once the new one is there (a moment, not a build).
      await createIndex(db, `${name}_cover`, 'products', [...filtered, 'posted_at', 'id'], {
        where: ['review_state', 'is', null],
      });
      await db.schema.dropIndex(name).execute();
      await sql`alter index ${sql.id(`${name}_cover`)} rename to ${sql.id(name)}`.execute(db);
    } else {
      // If exists: SQLite runs a migration without a transaction, so a start stopped halfway runs it again.
      await db.schema.dropIndex(name).ifExists().execute();
      await createIndex(db, name, 'products', [...filtered, 'review_state', 'posted_at', 'id']);
    }
  }
});
