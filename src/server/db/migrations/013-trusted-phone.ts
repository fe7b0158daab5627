import { sql } from 'kysely';
import { modelKeyOf, newVerificationCode } from '../listing-keys';
import { addColumns, createIndex, createTable, engineMigration, idColumn, linkTo, ownedBy, required } from './ddl';

/**
 * A phone a buyer can trust (docs/trust.md).
 *
 * - IMEIs are kept as a keyed hash (HMAC with the server's IMEI secret) and their last 4 digits,
 *   never in full. One seller cannot have the same IMEI 1 on two unsold listings (a unique partial
 *   index, so two saves racing make one); another seller's copy goes to review instead.
 * - Origin, graded condition, the functional checklist (JSON text), battery health, the account
 *   sign-out confirmation and when NEIR was checked.
 * - The verification code every listing has, and the photo of the phone beside it with its state.
 * - `review_state`: null is public; 'pending' or 'rejected' keeps the listing out of every public
 *   list until the admin approves it. `model_key` finds the same model's prices for the median.
 * - `sold_at` (device history) and `deregistered_at` (the seller confirmed NEIR de-registration).
 * - `search_listings` gains the search's filters: grade, origin, battery, IMEI checked, photo verified.
 * - `not_as_described`: buyers' reports against a checklist item, from the deal.
 */
export const trustedPhoneMigration = engineMigration(async (db, { timestamp, bool, falseDefault, offByDefault }) => {
  await addColumns(db, 'products', [
    ['imei_hash', 'text'],
    ['imei_last4', 'text'],
    ['imei2_hash', 'text'],
    ['imei2_last4', 'text'],
    ['origin', 'text'],
    ['condition_grade', 'text'],
    ['checklist', 'text'],
    ['battery_health', 'integer'],
    ['neir_checked_at', timestamp],
    ['verification_code', 'text'],
    ['photo_rejected_for', 'text'],
    ['photo_sent_at', timestamp],
    ['review_state', 'text'],
    ['review_reasons', 'text'],
    ['review_model_median', 'integer'],
    ['review_rejected_for', 'text'],
    ['model_key', 'text'],
    ['sold_at', timestamp],
    ['deregistered_at', timestamp],
    ['is_account_signed_out', bool, offByDefault],
    ['photo_state', 'text', (c) => c.notNull().defaultTo('none')],
    ['verification_photo_id', 'text', (c) => c.references('uploads.id')],
  ]);

  // Listings of before get their code and model key here, so every row has both from now on.
  const rows = await sql<{ id: string; product_name: string }>`select id, product_name from products`.execute(db);
  for (const row of rows.rows) {
    await sql`update products set verification_code = ${newVerificationCode()}, model_key = ${modelKeyOf(row.product_name)}
      where id = ${row.id}`.execute(db);
  }

  await createIndex(db, 'products_imei', 'products', ['imei_hash']);
  await createIndex(db, 'products_imei2', 'products', ['imei2_hash']);
  await createIndex(db, 'products_seller_imei_unsold', 'products', ['seller_id', 'imei_hash'], {
    unique: true,
    where: ['is_sold', '=', falseDefault],
  });
  await createIndex(db, 'products_model_prices', 'products', ['model_key', 'is_sold']);
  await createIndex(db, 'products_review_pending', 'products', ['posted_at'], {
    where: ['review_state', '=', 'pending'],
  });
  await createIndex(db, 'products_photo_pending', 'products', ['photo_sent_at'], {
    where: ['photo_state', '=', 'pending'],
  });
  await createIndex(db, 'products_verification_photo', 'products', ['verification_photo_id']);

  // The search's new filters; listings of before have none of these details yet.
  await addColumns(db, 'search_listings', [
    ['grade', 'text'],
    ['origin', 'text'],
    ['battery', 'integer'],
    ['is_imei_checked', bool, offByDefault],
    ['is_photo_verified', bool, offByDefault],
  ]);

  await createTable(
    db,
    'not_as_described',
    [
      idColumn,
      ownedBy('booking_id', 'bookings'),
      linkTo('product_id', 'products'),
      ...required('text', 'item', 'details'),
      ...required(timestamp, 'reported_at'),
    ],
    { unique: ['not_as_described_once', ['booking_id', 'item']] },
  );
  await createIndex(db, 'not_as_described_reported', 'not_as_described', ['reported_at', 'id']);
});
