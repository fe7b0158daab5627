import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection';

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
export function reviewsMigration(engine: Engine) {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text';
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  const falseValue = engine === 'postgres' ? sql`false` : sql`0`;
  const stars = (column: string) => sql`${sql.ref(column)} between 1 and 5`;

  return {
    async up(db: Kysely<unknown>) {
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
        .addColumn('is_hidden', bool, (c) => c.notNull().defaultTo(falseValue))
        .addColumn('hidden_reason', 'text')
        .addColumn('hidden_at', timestamp)
        .addColumn('reported_at', timestamp)
        .addColumn('reports_handled_at', timestamp)
        .execute();
      await db.schema
        .createIndex('reviews_one_per_side')
        .unique()
        .on('reviews')
        .columns(['booking_id', 'side'])
        .execute();
      await db.schema
        .createIndex('reviews_subject_published')
        .on('reviews')
        .columns(['subject_id', 'side', 'published_at', 'id'])
        .execute();
      await db.schema
        .createIndex('reviews_unpublished_window')
        .on('reviews')
        .column('window_ends_at')
        .where(sql.ref('published_at'), 'is', null)
        .execute();
      await db.schema.createIndex('reviews_reported').on('reviews').columns(['reported_at', 'id']).execute();
      await db.schema.createIndex('reviews_author').on('reviews').column('author_id').execute();

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
      await db.schema.createIndex('review_reports_reporter').on('review_reports').column('reporter_id').execute();

      // A seller's sold deals are counted on their page.
      await db.schema.createIndex('bookings_seller_status').on('bookings').columns(['seller_id', 'status']).execute();
    },
  };
}
