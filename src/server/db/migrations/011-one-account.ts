import type { Kysely } from 'kysely';
import { createIndex } from './ddl';

/**
 * One account buys and sells: the mobile number a person gives when they start selling (it fills
 * in their listings' seller number), and an index for housekeeping's question whether an upload
 * is someone's profile photo (those are kept like a listing's photos).
 */
export const oneAccountMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('phone_number', 'text').execute();
    await createIndex(db, 'users_photo_url', 'users', ['photo_url']);
  },
};
