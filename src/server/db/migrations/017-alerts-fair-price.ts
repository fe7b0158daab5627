import { sql } from 'kysely';
import { createIndex, createTable, engineMigration, idColumn, linkTo, ownedBy, required } from './ddl';

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
export const alertsFairPriceMigration = engineMigration(async (db, { timestamp, bool, offByDefault }) => {
  await createTable(db, 'saved_alerts', [
    idColumn,
    ownedBy('user_id', 'users'),
    ...required('text', 'search', 'sentence', 'words', 'category_id', 'brand_key', 'condition', 'district'),
    ...required('integer', 'min_price', 'max_price'),
    ['is_verified_only', bool, offByDefault],
    ['frequency', 'text', (c) => c.notNull().check(sql`frequency in ('instant', 'daily', 'weekly')`)],
    ['is_paused', bool, offByDefault],
    ['is_mail_off', bool, offByDefault],
    ...required(timestamp, 'created_at'),
    ['last_sent_at', timestamp],
  ]);
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

  await createTable(db, 'alert_events', [
    idColumn,
    ownedBy('product_id', 'products'),
    ...required('text', 'why'),
    ...required('integer', 'price'),
    ...required(timestamp, 'created_at'),
  ]);

  await createTable(db, 'alert_matches', [
    idColumn,
    ownedBy('alert_id', 'saved_alerts'),
    ownedBy('user_id', 'users'),
    ownedBy('product_id', 'products'),
    ['occasion', 'text', (c) => c.notNull().check(sql`occasion in ('first', 'drop')`)],
    ...required('integer', 'price'),
    ...required(timestamp, 'matched_at'),
    ['delivered_at', timestamp],
  ]);
  await createIndex(db, 'alert_matches_once', 'alert_matches', ['user_id', 'product_id', 'occasion'], {
    unique: true,
  });
  await createIndex(db, 'alert_matches_alert', 'alert_matches', ['alert_id', 'matched_at', 'id']);
  await createIndex(db, 'alert_matches_undelivered', 'alert_matches', ['delivered_at', 'alert_id']);

  await createTable(db, 'sales', [
    idColumn,
    linkTo('product_id', 'products'),
    linkTo('seller_id', 'users'),
    ...required('text', 'model_key', 'condition'),
    ...required('integer', 'price'),
    ...required(timestamp, 'sold_at'),
  ]);
  await createIndex(db, 'sales_sold_at', 'sales', ['sold_at']);

  await createTable(
    db,
    'fair_prices',
    [
      ...required('text', 'model_key', 'condition'),
      ['source', 'text', (c) => c.notNull().check(sql`source in ('sales', 'asking')`)],
      ...required('integer', 'median', 'low', 'high', 'count'),
      ...required(timestamp, 'computed_at'),
    ],
    { primaryKey: ['fair_prices_pk', ['model_key', 'condition']] },
  );
});
