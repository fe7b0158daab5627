import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import { nowIso } from '../db/ids';
import type { Database } from '../db/schema';
import { imageFileName } from './names';
import type { ImageStore } from './store';

export interface NewUpload {
  id: string;
  ownerId: string;
  width: number;
  height: number;
}

export const insertUpload = (db: Kysely<Database>, upload: NewUpload) =>
  db
    .insertInto('uploads')
    .values({
      id: upload.id,
      owner_id: upload.ownerId,
      width: upload.width,
      height: upload.height,
      created_at: nowIso(),
    })
    .execute();

/** Which of `ids` are uploads of `ownerId`. */
export async function findOwnUploads(db: Kysely<Database>, ids: string[], ownerId: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('id', 'in', ids)
    .where('owner_id', '=', ownerId)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * SQL for the URL at which `images` serves the picture of the upload in `id`: the value of
 * `images.urlOf(imageFileName(id))`, built around the id column. Bookings keep a copy of that URL
 * (the order shows the picture as it was booked), not the upload id, so queries match on it.
 */
function pictureUrlOf(images: ImageStore, id: Expression<string>): RawBuilder<string> {
  const slot = '\u0000';
  const parts = images.urlOf(imageFileName(slot)).split(slot);
  if (parts.length !== 2) throw new Error('The image store must name each picture once in its URL');
  const [before, after] = parts as [string, string];
  return sql<string>`(cast(${before} as text) || ${id} || cast(${after} as text))`;
}

/** Where some booking shows the picture of the upload row in the query. */
export const shownByABooking = (images: ImageStore) => (eb: ExpressionBuilder<Database, 'uploads'>) =>
  eb.exists(
    eb
      .selectFrom('bookings')
      .select('bookings.id')
      .where('bookings.product_img', '=', pictureUrlOf(images, eb.ref('uploads.id'))),
  );

/** Where some account has the picture of the upload row in the query as its profile photo. */
const someonesPhoto = (images: ImageStore) => (eb: ExpressionBuilder<Database, 'uploads'>) =>
  eb.exists(
    eb
      .selectFrom('users')
      .select('users.id')
      .where('users.photo_url', '=', pictureUrlOf(images, eb.ref('uploads.id'))),
  );

/**
 * Deletes the upload rows created before `createdBefore` that no product uses, no order shows and
 * no account has as its photo (photos of a listing that was never saved), and answers their ids;
 * their files are the caller's to remove. A product saved with one of them at that very moment
 * makes the statement fail on the foreign key and deletes nothing; the next round goes on without
 * that upload.
 */
export async function deleteUnusedUploads(
  db: Kysely<Database>,
  images: ImageStore,
  createdBefore: string,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('uploads')
    .where('created_at', '<', createdBefore)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('products').select('products.id').whereRef('products.image_id', '=', 'uploads.id')),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('product_photos')
            .select('product_photos.product_id')
            .whereRef('product_photos.upload_id', '=', 'uploads.id'),
        ),
      ),
    )
    .where((eb) => eb.not(shownByABooking(images)(eb)))
    .where((eb) => eb.not(someonesPhoto(images)(eb)))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
