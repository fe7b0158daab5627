import { sql } from 'kysely';
import { createIndex, engineMigration } from './ddl';

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
export const reviewsMigration = engineMigration(async (db, { timestamp, bool, falseDefault }) => {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('buyer', 'seller')`))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('as_described', 'integer', (c) => c.check(stars('as_described')))
    .addColumn('communication', 'integer', (c) => c.notNull().check(stars('communication')))
    .addColumn('punctuality', 'integer', (c) => c.notNull().check(stars('punctuality')))
    .addColumn('paid_as_agreed', 'integer', (c) => c.check(stars('paid_as_agreed')))
    .addColumn('comment', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('window_ends_at', timestamp, (c) => c.notNull())
    .addColumn('published_at', timestamp)
    .addColumn('reply', 'text')
    .addColumn('replied_at', timestamp)
    .addColumn('is_hidden', bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn('hidden_reason', 'text')
    .addColumn('hidden_at', timestamp)
    .addColumn('reported_at', timestamp)
    .addColumn('reports_handled_at', timestamp)
    .execute();
  await createIndex(db, 'reviews_one_per_side', 'reviews', ['booking_id', 'side'], { unique: true });
  await createIndex(db, 'reviews_subject_published', 'reviews', ['subject_id', 'side', 'published_at', 'id']);
  await createIndex(db, 'reviews_unpublished_window', 'reviews', ['window_ends_at'], {
    where: ['published_at', 'is', null],
  });
  await createIndex(db, 'reviews_reported', 'reviews', ['reported_at', 'id']);
  await createIndex(db, 'reviews_author', 'reviews', ['author_id']);

  await db.schema
    .createTable('review_reports')
    .addColumn('review_id', 'text', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('extortion', 'off_topic', 'personal_information')`),
    )
    .addColumn('reported_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('review_reports_pk', ['review_id', 'reporter_id'])
    .execute();
  await createIndex(db, 'review_reports_reporter', 'review_reports', ['reporter_id']);

  // A seller's sold deals are counted on their page.
  await createIndex(db, 'bookings_seller_status', 'bookings', ['seller_id', 'status']);
});
