import { createIndex, createTable, engineMigration, idColumn, ownedBy, required } from './ddl';

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
  await createTable(db, 'push_subscriptions', [
    idColumn,
    ownedBy('user_id', 'users'),
    ownedBy('session_id', 'sessions'),
    ['endpoint', 'text', (c) => c.notNull().unique()],
    ...required('text', 'p256dh', 'auth'),
    ...required(timestamp, 'created_at'),
  ]);
  // Who to push to, and the cascade from a deleted session.
  await createIndex(db, 'push_subscriptions_user', 'push_subscriptions', ['user_id']);
  await createIndex(db, 'push_subscriptions_session', 'push_subscriptions', ['session_id']);

  await createTable(db, 'push_opt_outs', [ownedBy('user_id', 'users'), ...required('text', 'kind')], {
    primaryKey: ['push_opt_outs_pk', ['user_id', 'kind']],
  });
});
