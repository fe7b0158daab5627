import type { Kysely } from 'kysely';
import { addColumns, createIndex } from './ddl';

/**
 * One account buys and sells: the mobile number a person gives when they start selling (it fills
 * in their listings' seller number), and an index for housekeeping's question whether an upload
 * is someone's profile photo (those are kept like a listing's photos).
 */
export const oneAccountMigration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, 'users', [['phone_number', 'text']]);
    await createIndex(db, 'users_photo_url', 'users', ['photo_url']);
  },
};
