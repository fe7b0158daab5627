import { sql } from 'kysely';
import { createIndex, engineMigration } from './ddl';

/**
 * Accounts people can recover, and the mail that reaches them: the outbox the mail worker sends
 * from, the single-use links mailed to people (verify an address, reset a password), and the
 * notification kinds a person asked not to be mailed about.
 */
export const accountsMigration = engineMigration(async (db, { timestamp }) => {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: a deleted account's pending mail is deleted with it, and sent mail stays as a record.
    .addColumn('user_id', 'text')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'sending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .addColumn('lease_until', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('sent_at', timestamp)
    .execute();
  // The worker's question: what is due (pending and its time has come, or sending and its lease ran out).
  await createIndex(db, 'mail_outbox_due', 'mail_outbox', ['state', 'next_attempt_at']);
  await createIndex(db, 'mail_outbox_user', 'mail_outbox', ['user_id']);

  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify_email', 'reset_password')`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await createIndex(db, 'account_tokens_user', 'account_tokens', ['user_id', 'purpose']);

  await db.schema
    .createTable('mail_opt_outs')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_opt_outs_pk', ['user_id', 'kind'])
    .execute();
});
