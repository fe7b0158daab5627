import { sql } from 'kysely';
import { createIndex, createTable, engineMigration, idColumn, ownedBy, required } from './ddl';

const stars = (column: string) => sql`${sql.ref(column)} between 1 and 5`;

/**
 * Reviews after a sale (docs/reviews.md).
 *
 * - `reviews_one_per_side`: one review per side of a deal, held by the database, so a double submit
 *   or two tabs leave one.
 * - `window_ends_at` is the sale plus 14 days, copied from the booking, so the housekeeping finds
 *   the reviews to publish at their deadline by index (`reviews_unpublished_window`, partial).
 * - The public page reads a person's published reviews by `reviews_subject_published`.
 * - `reported_at` is the first report not yet looked at (null when none is open), so the admin's
 *   list is an index read; `reports_handled_at` separates older reports from open ones.
 * - A person's reviews go with their account, written or received.
 */
export const reviewsMigration = engineMigration(async (db, { timestamp, bool, offByDefault }) => {
  await createTable(db, 'reviews', [
    idColumn,
    ownedBy('booking_id', 'bookings'),
    ['side', 'text', (c) => c.notNull().check(sql`side in ('buyer', 'seller')`)],
    ownedBy('author_id', 'users'),
    ownedBy('subject_id', 'users'),
    ...required('text', 'product_name'),
    ['as_described', 'integer', (c) => c.check(stars('as_described'))],
    ['communication', 'integer', (c) => c.notNull().check(stars('communication'))],
    ['punctuality', 'integer', (c) => c.notNull().check(stars('punctuality'))],
    ['paid_as_agreed', 'integer', (c) => c.check(stars('paid_as_agreed'))],
    ['comment', 'text'],
    ...required(timestamp, 'created_at', 'window_ends_at'),
    ['published_at', timestamp],
    ['reply', 'text'],
    ['replied_at', timestamp],
    ['is_hidden', bool, offByDefault],
    ['hidden_reason', 'text'],
    ['hidden_at', timestamp],
    ['reported_at', timestamp],
    ['reports_handled_at', timestamp],
  ]);
  await createIndex(db, 'reviews_one_per_side', 'reviews', ['booking_id', 'side'], { unique: true });
  await createIndex(db, 'reviews_subject_published', 'reviews', ['subject_id', 'side', 'published_at', 'id']);
  await createIndex(db, 'reviews_unpublished_window', 'reviews', ['window_ends_at'], {
    where: ['published_at', 'is', null],
  });
  await createIndex(db, 'reviews_reported', 'reviews', ['reported_at', 'id']);
  await createIndex(db, 'reviews_author', 'reviews', ['author_id']);

  await createTable(
    db,
    'review_reports',
    [
      ownedBy('review_id', 'reviews'),
      ownedBy('reporter_id', 'users'),
      ['reason', 'text', (c) => c.notNull().check(sql`reason in ('extortion', 'off_topic', 'personal_information')`)],
      ...required(timestamp, 'reported_at'),
    ],
    { primaryKey: ['review_reports_pk', ['review_id', 'reporter_id']] },
  );
  await createIndex(db, 'review_reports_reporter', 'review_reports', ['reporter_id']);

  // A seller's sold deals are counted on their page.
  await createIndex(db, 'bookings_seller_status', 'bookings', ['seller_id', 'status']);
});
