import { createIndex, engineMigration } from './ddl';

/**
 * Web Push: the devices that asked for push notifications, and the notification kinds a person
 * asked not to be pushed about (as mail_opt_outs does for mail).
 *
 * A subscription belongs to the session that made it: signing out, or being signed out from
 * another device, ends the pushes to that device with it (the foreign key's cascade). A push
 * service's endpoint is one browser's, so it is unique: the same browser subscribing again (another
 * account signed in there) takes it over.
 */
export const webPushMigration = engineMigration(async (db, { timestamp }) => {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  // Who to push to, and the cascade from a deleted session.
  await createIndex(db, 'push_subscriptions_user', 'push_subscriptions', ['user_id']);
  await createIndex(db, 'push_subscriptions_session', 'push_subscriptions', ['session_id']);

  await db.schema
    .createTable('push_opt_outs')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_opt_outs_pk', ['user_id', 'kind'])
    .execute();
});
