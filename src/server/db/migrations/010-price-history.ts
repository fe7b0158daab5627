import { sql, type Kysely } from 'kysely';
import { addColumns, createIndex, createTable, engineMigration, ownedBy, required } from './ddl';

/**
 * Honest prices and model numbers found either way.
 *
 * - `price_history`: every resale price a listing had, from when. "Price dropped from X" compares a
 *   new price with the lowest of the 30 days before it (as EU rules ask of shops), so raising a
 *   price and lowering it again shows no drop. `products.previous_resale_price` now holds that
 *   lowest price when the last change went below it (else null), and `price_changed_at` when, so
 *   the badge goes 30 days later.
 * - The search index is emptied, and start-up builds it again (start/setup.ts): its tokenizer now
 *   splits letters from digits ("iphone12" is "iphone 12"), and the stored text must be written the
 *   same way as the queries.
 */
export const priceHistoryMigration = engineMigration(async (db, { timestamp }) => {
  await createTable(db, 'price_history', [
    ownedBy('product_id', 'products'),
    ...required('integer', 'price'),
    ...required(timestamp, 'set_at'),
  ]);
  await createIndex(db, 'price_history_product', 'price_history', ['product_id', 'set_at']);
  await addColumns(db, 'products', [['price_changed_at', timestamp]]);

  await historyFromListings(db);
  await sql`delete from search_listings`.execute(db);
  await sql`delete from search_words`.execute(db);
});

/**
 * The price history the listings of before tell: the price before the last change (from when they
 * were posted), then the price now (from that edit). A raise is no drop; a drop keeps its badge for
 * 30 days from the edit.
 */
export async function historyFromListings(db: Kysely<unknown>) {
  await sql`insert into price_history (product_id, price, set_at)
    select id, previous_resale_price, posted_at from products where previous_resale_price is not null`.execute(db);
  await sql`insert into price_history (product_id, price, set_at)
    select id, resale_price, coalesce(edited_at, posted_at) from products`.execute(db);
  await sql`update products set previous_resale_price = null
    where previous_resale_price is not null and previous_resale_price <= resale_price`.execute(db);
  await sql`update products set price_changed_at = coalesce(edited_at, posted_at)
    where previous_resale_price is not null`.execute(db);
}
