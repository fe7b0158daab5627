import type { Kysely } from 'kysely';

/**
 * Indexes for the lookups housekeeping and account deletion make on every round, so they stay
 * index reads as the tables grow: whether an order shows a picture (bookings keep its URL), and
 * which sessions, uploads and login counters are old enough to go.
 */
export const housekeepingIndexesMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('bookings_product_img').on('bookings').column('product_img').execute();
    await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
    await db.schema.createIndex('uploads_created').on('uploads').column('created_at').execute();
    await db.schema.createIndex('login_failures_window').on('login_failures').column('window_started_at').execute();
  },
};
