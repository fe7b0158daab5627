import type { Kysely } from 'kysely';
import type { KeysetPageQuery } from '#shared/common';
import {
  maskedImei,
  type Checklist,
  type Grade,
  type NotAsDescribedSubject,
  type Origin,
  type OwnTrust,
  type PhotoState,
  type ProductTrust,
  type ReviewReason,
} from '#shared/trust';
import { changedRows } from '#server/db/changes';
import { newId, nowIso } from '#server/db/ids';
import { readPage } from '#server/db/paging';
import type { Database, ProductRow } from '#server/db/schema';
import { rowByKey } from '#server/db/keys';
import type { StoredImei } from './imei';

const parsedChecklist = (json: string | null): Checklist | null => (json ? (JSON.parse(json) as Checklist) : null);

/** What a listing's public answer shows of its trust details. */
export const trustOf = (row: ProductRow, soldBefore: string | null): ProductTrust => ({
  imeiLast4: row.imei_last4,
  origin: row.origin as Origin | null,
  conditionGrade: row.condition_grade as Grade | null,
  checklist: parsedChecklist(row.checklist),
  batteryHealth: row.battery_health,
  accountSignedOut: row.is_account_signed_out,
  neirChecked: row.neir_checked_at !== null,
  photoVerified: row.photo_state === 'approved',
  soldBefore,
});

export const reasonsOf = (row: Pick<ProductRow, 'review_reasons'>): ReviewReason[] =>
  row.review_reasons ? (row.review_reasons.split(',') as ReviewReason[]) : [];

/** What the seller alone sees of their listing. */
export const ownTrustOf = (row: ProductRow): OwnTrust => ({
  imeiMasked: row.imei_last4 ? maskedImei(row.imei_last4) : null,
  imei2Masked: row.imei2_last4 ? maskedImei(row.imei2_last4) : null,
  verificationCode: row.verification_code ?? '',
  photoState: row.photo_state as PhotoState,
  photoRejectedFor: row.photo_rejected_for,
  review: row.review_state
    ? {
        state: row.review_state as 'pending' | 'rejected',
        reasons: reasonsOf(row),
        rejectedFor: row.review_rejected_for,
      }
    : null,
});

const imeiHashesOf = (rows: Array<Pick<ProductRow, 'imei_hash' | 'imei2_hash'>>) => [
  ...new Set(rows.flatMap((row) => [row.imei_hash, row.imei2_hash]).filter((hash) => hash !== null)),
];

/**
 * Device history: for each listing with an IMEI, when another listing of the same phone (by either
 * IMEI) was last sold here; read for a whole page in one query (products_imei, products_imei2).
 */
export async function soldBeforeOf(db: Kysely<Database>, rows: ProductRow[]): Promise<Map<string, string>> {
  const history = new Map<string, string>();
  const hashes = imeiHashesOf(rows);
  if (hashes.length === 0) return history;
  const sold = await db
    .selectFrom('products')
    .select(['id', 'imei_hash', 'imei2_hash', 'sold_at'])
    .where('is_sold', '=', true)
    .where('sold_at', 'is not', null)
    .where((eb) => eb.or([eb('imei_hash', 'in', hashes), eb('imei2_hash', 'in', hashes)]))
    .execute();
  for (const row of rows) {
    const mine = new Set([row.imei_hash, row.imei2_hash].filter((hash) => hash !== null));
    for (const other of sold) {
      if (other.id === row.id || !(mine.has(other.imei_hash ?? '') || mine.has(other.imei2_hash ?? ''))) continue;
      const soldAt = other.sold_at as string;
      if (!history.has(row.id) || (history.get(row.id) as string) < soldAt) history.set(row.id, soldAt);
    }
  }
  return history;
}

/** The unsold listings, other than `exceptId`, that carry one of these IMEIs in either slot. */
export const unsoldWithImei = (db: Kysely<Database>, imeis: StoredImei[], exceptId?: string) =>
  unsoldWithHashes(
    db,
    imeis.map((imei) => imei.hash),
    exceptId,
  );

/**
 * The other unsold listings of the same phone as `productId` (by either IMEI): their device history
 * (soldBeforeOf) shows its sale once it is sold.
 */
export async function unsoldOfSameDevice(db: Kysely<Database>, productId: string): Promise<string[]> {
  const row = await db
    .selectFrom('products')
    .select(['imei_hash', 'imei2_hash'])
    .where('id', '=', productId)
    .executeTakeFirst();
  const hashes = row ? imeiHashesOf([row]) : [];
  if (hashes.length === 0) return [];
  return (await unsoldWithHashes(db, hashes, productId)).map((listing) => listing.id);
}

function unsoldWithHashes(db: Kysely<Database>, hashes: string[], exceptId?: string) {
  let query = db
    .selectFrom('products')
    .select(['id', 'seller_id'])
    .where('is_sold', '=', false)
    .where((eb) => eb.or([eb('imei_hash', 'in', hashes), eb('imei2_hash', 'in', hashes)]));
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.execute();
}

/** The asking prices of the same model's public listings for sale (products_model_prices). */
export async function modelPrices(db: Kysely<Database>, modelKey: string, exceptId?: string): Promise<number[]> {
  let query = db
    .selectFrom('products')
    .select('resale_price')
    .where('model_key', '=', modelKey)
    .where('is_sold', '=', false)
    .where('is_hidden', '=', false)
    .where('review_state', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return rows.map((row) => row.resale_price);
}

/** The trust columns a seller's save writes. */
export interface TrustColumns {
  imei?: StoredImei | undefined;
  imei2?: StoredImei | null | undefined;
  origin?: Origin | undefined;
  conditionGrade?: Grade | undefined;
  checklist?: Checklist | undefined;
  batteryHealth?: number | undefined;
  accountSignedOut?: boolean | undefined;
  neirChecked?: boolean | undefined;
  modelKey: string;
}

/** The columns to set: what the request gave; an absent IMEI keeps the stored one (it is never sent back). */
export function trustColumns(fields: TrustColumns) {
  const { imei, imei2 } = fields;
  return {
    model_key: fields.modelKey,
    ...(imei ? { imei_hash: imei.hash, imei_last4: imei.last4 } : {}),
    ...(imei2 ? { imei2_hash: imei2.hash, imei2_last4: imei2.last4 } : {}),
    // A new IMEI 1 without an IMEI 2 is a phone with one SIM slot.
    ...(imei && !imei2 ? { imei2_hash: null, imei2_last4: null } : {}),
    ...(fields.origin ? { origin: fields.origin } : {}),
    ...(fields.conditionGrade ? { condition_grade: fields.conditionGrade } : {}),
    ...(fields.checklist ? { checklist: JSON.stringify(fields.checklist) } : {}),
    ...(fields.batteryHealth !== undefined ? { battery_health: fields.batteryHealth } : {}),
    ...(fields.accountSignedOut ? { is_account_signed_out: true } : {}),
    ...(fields.neirChecked ? { neir_checked_at: nowIso() } : {}),
  };
}

/** A listing's review columns: public (no reasons), or waiting for the admin for these reasons. */
export const reviewColumns = (reasons: ReviewReason[], median: number | null) =>
  reasons.length === 0
    ? { review_state: null, review_reasons: null, review_model_median: null, review_rejected_for: null }
    : {
        review_state: 'pending' as const,
        review_reasons: reasons.join(','),
        review_model_median: median,
        review_rejected_for: null,
      };

/** Sends a listing to review (or, `reasons` empty, leaves it public); run inside the save's transaction. */
export const setReview = (db: Kysely<Database>, id: string, reasons: ReviewReason[], median: number | null) =>
  db.updateTable('products').set(reviewColumns(reasons, median)).where('id', '=', id).execute();

/** The admin's decision on a listing waiting for review; answers 0 when it no longer waits. */
export const decideReview = (db: Kysely<Database>, id: string, rejectedFor: string | null) =>
  changedRows(
    db
      .updateTable('products')
      .set(
        rejectedFor === null
          ? { review_state: null, review_reasons: null, review_model_median: null }
          : { review_state: 'rejected', review_rejected_for: rejectedFor },
      )
      .where('id', '=', id)
      .where('review_state', '=', 'pending'),
  );

export const setVerificationPhoto = (db: Kysely<Database>, id: string, uploadId: string) =>
  changedRows(
    db
      .updateTable('products')
      .set({
        verification_photo_id: uploadId,
        photo_state: 'pending',
        photo_rejected_for: null,
        photo_sent_at: nowIso(),
      })
      .where('id', '=', id)
      .where('is_sold', '=', false),
  );

/** The admin's decision on a photo waiting; answers 0 when it no longer waits. */
export const decidePhoto = (db: Kysely<Database>, id: string, rejectedFor: string | null) =>
  changedRows(
    db
      .updateTable('products')
      .set({ photo_state: rejectedFor === null ? 'approved' : 'rejected', photo_rejected_for: rejectedFor })
      .where('id', '=', id)
      .where('photo_state', '=', 'pending'),
  );

const withSeller = (db: Kysely<Database>) =>
  db
    .selectFrom('products as p')
    .innerJoin('users as u', 'u.id', 'p.seller_id')
    .selectAll('p')
    .select(['u.name as seller_name', 'u.email as seller_email']);

/** Listings waiting on the admin, oldest first (products_review_pending). */
export const pendingReviews = (db: Kysely<Database>, page: KeysetPageQuery) =>
  readPage(
    withSeller(db).where('p.review_state', '=', 'pending').orderBy('p.posted_at').orderBy('p.id'),
    db.selectFrom('products as p').where('p.review_state', '=', 'pending'),
    page,
  );

/** Verification photos waiting on the admin, oldest first (products_photo_pending). */
export const pendingPhotos = (db: Kysely<Database>, page: KeysetPageQuery) =>
  readPage(
    withSeller(db).where('p.photo_state', '=', 'pending').orderBy('p.photo_sent_at').orderBy('p.id'),
    db.selectFrom('products as p').where('p.photo_state', '=', 'pending'),
    page,
  );

export const insertNotAsDescribed = (
  db: Kysely<Database>,
  report: { bookingId: string; productId: string | null; item: NotAsDescribedSubject; details: string },
) =>
  db
    .insertInto('not_as_described')
    .values({
      id: newId(),
      booking_id: report.bookingId,
      product_id: report.productId,
      item: report.item,
      details: report.details,
      reported_at: nowIso(),
    })
    .execute();

export const findNotAsDescribed = (db: Kysely<Database>, bookingId: string, item: string) =>
  rowByKey(db, 'not_as_described', { booking_id: bookingId, item });

/** Buyers' reports, newest first (not_as_described_reported), with the deal's names. */
export const notAsDescribedPage = (db: Kysely<Database>, page: KeysetPageQuery) =>
  readPage(
    db
      .selectFrom('not_as_described as r')
      .innerJoin('bookings as b', 'b.id', 'r.booking_id')
      .leftJoin('users as s', 's.id', 'b.seller_id')
      .select([
        'r.id',
        'r.product_id',
        'r.item',
        'r.details',
        'r.reported_at',
        'b.product_name',
        'b.buyer_id',
        'b.buyer_name',
        's.name as seller_name',
      ])
      .orderBy('r.reported_at', 'desc')
      .orderBy('r.id', 'desc'),
    db.selectFrom('not_as_described'),
    page,
  );
