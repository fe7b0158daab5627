import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection';

/**
 * Limits that hold against abuse (docs/security.md, "Limits"): counters of what one key (a
 * recipient and a kind of mail, a buyer and a phone) used in its window, each counted by one
 * atomic upsert; the mail outbox's lanes, so account mail is sent ahead of a flood of the rest;
 * each upload's stored size, for the quota of unused uploads; and an index to prune old
 * notifications by age.
 */
export function abuseLimitsMigration(engine: Engine) {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('limit_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('used', 'integer', (c) => c.notNull())
        .addColumn('window_ends_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('limit_counters_window').on('limit_counters').column('window_ends_at').execute();

      await db.schema
        .alterTable('mail_outbox')
        .addColumn('lane', 'text', (c) =>
          c
            .notNull()
            .defaultTo('deal')
            .check(sql`lane in ('account', 'deal')`),
        )
        .execute();
      await sql`update mail_outbox set lane = 'account' where template in ('verify-email', 'reset-password')`.execute(
        db,
      );
      await db.schema
        .createIndex('mail_outbox_lane_due')
        .on('mail_outbox')
        .columns(['lane', 'state', 'next_attempt_at'])
        .execute();

      await db.schema
        .alterTable('uploads')
        .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema.createIndex('notifications_created').on('notifications').column('created_at').execute();
    },
  };
}
