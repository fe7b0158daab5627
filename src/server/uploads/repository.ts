import type { Kysely } from 'kysely';
import { nowIso } from '../db/ids';
import type { Database } from '../db/schema';

export interface NewUpload {
  id: string;
  ownerId: string;
  width: number;
  height: number;
}

export const insertUpload = (db: Kysely<Database>, upload: NewUpload) =>
  db
    .insertInto('uploads')
    .values({ id: upload.id, owner_id: upload.ownerId, width: upload.width, height: upload.height, created_at: nowIso() })
    .execute();

export const findOwnUpload = (db: Kysely<Database>, id: string, ownerId: string) =>
  db.selectFrom('uploads').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
