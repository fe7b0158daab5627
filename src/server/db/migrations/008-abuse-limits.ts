import { sql } from 'kysely';
import { addColumns, createIndex, createTable, engineMigration, required } from './ddl';

/**
 * Limits that hold against abuse (docs/security.md, "Limits"): counters of what one key (a
 * recipient and a kind of mail, a buyer and a phone) used in its window, each counted by one
 * atomic upsert; the mail outbox's lanes, so account mail is sent ahead of a flood of the rest;
 * each upload's stored size, for the quota of unused uploads; and an index to prune old
 * notifications by age.
 */
export const abuseLimitsMigration = engineMigration(async (db, { timestamp }) => {
  await createTable(db, 'limit_counters', [
    ['key', 'text', (c) => c.primaryKey()],
    ...required('integer', 'used'),
    ...required(timestamp, 'window_ends_at'),
  ]);
  await createIndex(db, 'limit_counters_window', 'limit_counters', ['window_ends_at']);

  await addColumns(db, 'mail_outbox', [
    [
      'lane',
      'text',
      (c) =>
        c
          .notNull()
          .defaultTo('deal')
          .check(sql`lane in ('account', 'deal')`),
    ],
  ]);
  await sql`update mail_outbox set lane = 'account' where template in ('verify-email', 'reset-password')`.execute(db);
  await createIndex(db, 'mail_outbox_lane_due', 'mail_outbox', ['lane', 'state', 'next_attempt_at']);

  await addColumns(db, 'uploads', [['bytes', 'integer', (c) => c.notNull().defaultTo(0)]]);

  await createIndex(db, 'notifications_created', 'notifications', ['created_at']);
});
