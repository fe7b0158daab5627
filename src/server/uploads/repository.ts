import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import { nowIso } from '#server/db/ids';
import { presentAmong } from '#server/db/keys';
import type { Engine } from '#server/db/connection';
import type { Database, UserRow } from '#server/db/schema';
import { imageFileName } from './names';
import type { ImageStore } from './store';

export interface NewUpload {
  id: string;
  ownerId: string;
  width: number;
  height: number;
  /** The stored files' size, picture and thumbnail. */
  bytes: number;
}

export interface UploadsQuota {
  count: number;
  bytes: number;
}

/** Photos of one account that no listing uses yet, at most: a listing's six a few times over, and their bytes. */
export const UNUSED_UPLOADS_QUOTA: UploadsQuota = { count: 24, bytes: 16 * 1024 * 1024 };

/**
 * The same for an account whose address nobody proved yet: one photo, the profile photo chosen at
 * sign-up, so an address typed by anyone stores next to nothing.
 */
export const UNVERIFIED_UPLOADS_QUOTA: UploadsQuota = { count: 1, bytes: 4 * 1024 * 1024 };

export const uploadsQuotaOf = (user: Pick<UserRow, 'is_email_verified'>): UploadsQuota =>
  user.is_email_verified ? UNUSED_UPLOADS_QUOTA : UNVERIFIED_UPLOADS_QUOTA;

/** How many uploads of `ownerId` no product, order, conversation or profile uses, and their stored bytes. */
export async function unusedUploadsOf(db: Kysely<Database>, images: ImageStore, ownerId: string) {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('bytes'),
    ])
    .where('owner_id', '=', ownerId)
    .where(unused(images))
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), bytes: Number(row.bytes) };
}

/** Whether an account holding `unusedNow` may add an upload of `bytes` and stay within `quota`. */
export const withinQuota = (quota: UploadsQuota, unusedNow: UploadsQuota, bytes: number) =>
  unusedNow.count + 1 <= quota.count && unusedNow.bytes + bytes <= quota.bytes;

/**
 * Records an upload when its owner stays within `quota`, and answers whether it did.
 * The owner's row is locked first (PostgreSQL; SQLite runs one write transaction at a time), so two
 * uploads of one account at once are counted one after the other and cannot both slip under it.
 */
export async function insertUploadWithinQuota(
  db: Kysely<Database>,
  engine: Engine,
  images: ImageStore,
  upload: NewUpload,
  quota: UploadsQuota,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (engine === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', upload.ownerId).forUpdate().execute();
    }
    if (!withinQuota(quota, await unusedUploadsOf(trx, images, upload.ownerId), upload.bytes)) return false;
    await trx
      .insertInto('uploads')
      .values({
        id: upload.id,
        owner_id: upload.ownerId,
        width: upload.width,
        height: upload.height,
        bytes: upload.bytes,
        created_at: nowIso(),
      })
      .execute();
    return true;
  });
}

/** Which of `ids` are uploads of `ownerId`. */
export const findOwnUploads = (db: Kysely<Database>, ids: string[], ownerId: string): Promise<Set<string>> =>
  presentAmong(db, 'uploads', 'id', ids, { owner_id: ownerId });

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

/** Where some conversation shows the upload row in the query as its phone's picture (kept after the listing goes). */
export const shownByAConversation = (eb: ExpressionBuilder<Database, 'uploads'>) =>
  eb.exists(
    eb
      .selectFrom('conversations')
      .select('conversations.id')
      .whereRef('conversations.product_image_id', '=', 'uploads.id'),
  );

/** Where a moderation case keeps the upload row in the query as a snapshot's photo (docs/moderation.md). */
const keptAsEvidence = (eb: ExpressionBuilder<Database, 'uploads'>) =>
  eb.exists(
    eb
      .selectFrom('evidence_photos')
      .select('evidence_photos.upload_id')
      .whereRef('evidence_photos.upload_id', '=', 'uploads.id'),
  );

/** Where some chat message shows the upload row in the query (served by chat_message_photos_upload). */
const sentInAMessage = (eb: ExpressionBuilder<Database, 'uploads'>) =>
  eb.exists(
    eb
      .selectFrom('chat_message_photos')
      .select('chat_message_photos.message_id')
      .whereRef('chat_message_photos.upload_id', '=', 'uploads.id'),
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
 * Deletes the upload rows created before `createdBefore` that no product uses, no order or
 * conversation shows and no account has as its photo (photos of a listing that was never saved), and answers their ids;
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
    .where(unused(images))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Where no product uses the upload row in the query (as its cover, another photo or its verification photo), no order or
 * conversation shows it and no account has it as its photo.
 */
const unused = (images: ImageStore) => (eb: ExpressionBuilder<Database, 'uploads'>) =>
  eb.and([
    eb.not(eb.exists(eb.selectFrom('products').select('products.id').whereRef('products.image_id', '=', 'uploads.id'))),
    eb.not(
      eb.exists(
        eb.selectFrom('products').select('products.id').whereRef('products.verification_photo_id', '=', 'uploads.id'),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('product_photos')
          .select('product_photos.product_id')
          .whereRef('product_photos.upload_id', '=', 'uploads.id'),
      ),
    ),
    eb.not(shownByABooking(images)(eb)),
    eb.not(shownByAConversation(eb)),
    eb.not(sentInAMessage(eb)),
    eb.not(someonesPhoto(images)(eb)),
    eb.not(keptAsEvidence(eb)),
  ]);

/** The tables that keep each record's photos in order (`position`): the column that names the record. */
const PHOTO_LISTS = { product_photos: 'product_id', chat_message_photos: 'message_id' } as const;

/**
 * The upload ids of each record's photos, in order, in one query (served by the table's key, record
 * then position): a list for every id asked, empty where the record has none.
 */
export async function photoIdsOf(
  db: Kysely<Database>,
  table: keyof typeof PHOTO_LISTS,
  ids: string[],
): Promise<Map<string, string[]>> {
  const photos = new Map(ids.map((id): [string, string[]] => [id, []]));
  if (ids.length === 0) return photos;
  const record = sql.ref<string>(PHOTO_LISTS[table]);
  const rows = await db
    .selectFrom(table)
    .select([record.as('record'), 'upload_id'])
    .where(record, 'in', ids)
    .orderBy(record)
    .orderBy('position')
    .execute();
  for (const row of rows) photos.get(row.record)?.push(row.upload_id);
  return photos;
}
