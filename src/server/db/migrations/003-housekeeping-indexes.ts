import type { Kysely } from 'kysely';
import { createIndex } from './ddl';

/**
 * Indexes for the lookups housekeeping and account deletion make on every round, so they stay
 * index reads as the tables grow: whether an order shows a picture (bookings keep its URL), and
 * which sessions, uploads and login counters are old enough to go.
 */
export const housekeepingIndexesMigration = {
  async up(db: Kysely<unknown>) {
    await createIndex(db, 'bookings_product_img', 'bookings', ['product_img']);
    await createIndex(db, 'sessions_expires', 'sessions', ['expires_at']);
    await createIndex(db, 'uploads_created', 'uploads', ['created_at']);
    await createIndex(db, 'login_failures_window', 'login_failures', ['window_started_at']);
  },
};
