import { sql } from 'kysely';
import { createIndex, createTable, engineMigration, idColumn, ownedBy, required } from './ddl';

/**
 * Accounts people can recover, and the mail that reaches them: the outbox the mail worker sends
 * from, the single-use links mailed to people (verify an address, reset a password), and the
 * notification kinds a person asked not to be mailed about.
 */
export const accountsMigration = engineMigration(async (db, { timestamp }) => {
  await createTable(db, 'mail_outbox', [
    idColumn,
    // No foreign key: a deleted account's pending mail is deleted with it, and sent mail stays as a record.
    ['user_id', 'text'],
    ...required('text', 'to_address', 'template', 'data'),
    ['state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'sending', 'sent', 'failed')`)],
    ...required('integer', 'attempts'),
    ...required(timestamp, 'next_attempt_at'),
    ['lease_until', timestamp],
    ['last_error', 'text'],
    ...required(timestamp, 'created_at'),
    ['sent_at', timestamp],
  ]);
  // The worker's question: what is due (pending and its time has come, or sending and its lease ran out).
  await createIndex(db, 'mail_outbox_due', 'mail_outbox', ['state', 'next_attempt_at']);
  await createIndex(db, 'mail_outbox_user', 'mail_outbox', ['user_id']);

  await createTable(db, 'account_tokens', [
    ['token_hash', 'text', (c) => c.primaryKey()],
    ownedBy('user_id', 'users'),
    ['purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify_email', 'reset_password')`)],
    ...required(timestamp, 'created_at', 'expires_at'),
    ['used_at', timestamp],
  ]);
  await createIndex(db, 'account_tokens_user', 'account_tokens', ['user_id', 'purpose']);

  await createTable(db, 'mail_opt_outs', [ownedBy('user_id', 'users'), ...required('text', 'kind')], {
    primaryKey: ['mail_opt_outs_pk', ['user_id', 'kind']],
  });
});
