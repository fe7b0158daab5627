import { sql } from 'kysely';
import { createIndex, engineMigration } from './ddl';

/**
 * Saved searches that alert, and fair prices from real sales (docs/alerts.md).
 *
 * - `saved_alerts`: a search a user keeps. Its structured filters are columns, '' (or the price
 *   bounds 0 and 10,000,000) meaning "any", so the alerts a new listing matches are one read of
 *   `saved_alerts_match` with a few `in ('', value)` lists, whatever the number of alerts.
 * - `alert_events`: phones that just became visible to buyers, written in the transaction that
 *   shows them; the alert worker matches and deletes them, so listing a phone costs one insert.
 * - `alert_matches`: the delivery ledger. Its unique key (user, phone, occasion) is what makes a
 *   phone reach a user once across all their alerts, and once more after a price drop.
 * - `sales`: the final price a seller confirmed when marking a phone sold, kept when the listing
 *   goes; `fair_prices`: what housekeeping computes from them per model and condition.
 */
export const alertsFairPriceMigration = engineMigration(async (db, { timestamp, bool, falseDefault }) => {
  await db.schema
    .createTable('saved_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('search', 'text', (c) => c.notNull())
    .addColumn('sentence', 'text', (c) => c.notNull())
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('brand_key', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('district', 'text', (c) => c.notNull())
    .addColumn('min_price', 'integer', (c) => c.notNull())
    .addColumn('max_price', 'integer', (c) => c.notNull())
    .addColumn('is_verified_only', bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn('frequency', 'text', (c) => c.notNull().check(sql`frequency in ('instant', 'daily', 'weekly')`))
    .addColumn('is_paused', bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn('is_mail_off', bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_sent_at', timestamp)
    .execute();
  await createIndex(db, 'saved_alerts_match', 'saved_alerts', [
    'brand_key',
    'category_id',
    'condition',
    'district',
    'max_price',
  ]);
  // A user's alerts in order, and one alert per search per user.
  await createIndex(db, 'saved_alerts_user_search', 'saved_alerts', ['user_id', 'search'], { unique: true });
  await createIndex(db, 'saved_alerts_user_created', 'saved_alerts', ['user_id', 'created_at', 'id']);

  await db.schema
    .createTable('alert_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('why', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('alert_matches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('saved_alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('occasion', 'text', (c) => c.notNull().check(sql`occasion in ('first', 'drop')`))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('matched_at', timestamp, (c) => c.notNull())
    .addColumn('delivered_at', timestamp)
    .execute();
  await createIndex(db, 'alert_matches_once', 'alert_matches', ['user_id', 'product_id', 'occasion'], {
    unique: true,
  });
  await createIndex(db, 'alert_matches_alert', 'alert_matches', ['alert_id', 'matched_at', 'id']);
  await createIndex(db, 'alert_matches_undelivered', 'alert_matches', ['delivered_at', 'alert_id']);

  await db.schema
    .createTable('sales')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('seller_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('model_key', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('sold_at', timestamp, (c) => c.notNull())
    .execute();
  await createIndex(db, 'sales_sold_at', 'sales', ['sold_at']);

  await db.schema
    .createTable('fair_prices')
    .addColumn('model_key', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('sales', 'asking')`))
    .addColumn('median', 'integer', (c) => c.notNull())
    .addColumn('low', 'integer', (c) => c.notNull())
    .addColumn('high', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('computed_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('fair_prices_pk', ['model_key', 'condition'])
    .execute();
});
