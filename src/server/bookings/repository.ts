import { expressionBuilder, sql, type Kysely } from 'kysely';
import {
  OPEN_STATUSES,
  type BookingRequestItem,
  type BookingStatus,
  type BuyerOrder,
  type Order,
} from '#shared/bookings';
import type { PageQuery } from '#shared/common';
import { newId, nowIso } from '#server/db/ids';
import type { BookingRow, Database } from '#server/db/schema';
import { readPage } from '#server/db/paging';
import { changedAny } from '#server/db/changes';
import { compiledInsert, rowById, rowByKey } from '#server/db/keys';
import { named, tags } from '#server/cache/tags';
import type { Language } from '#server/i18n/texts';
import { buyerNameIn, placeIn, reasonColumns, reasonWords, type EndReason } from './reasons';

const toOrder = (row: BookingRow, language: Language): Order => ({
  _id: row.id,
  productId: row.product_id,
  productName: row.product_name,
  categoryNameInfo: row.category_name,
  productPrice: row.product_price,
  productImg: row.product_img,
  name: buyerNameIn(row, language),
  email: row.buyer_email,
  phoneNumber: row.phone_number,
  meetLocation: placeIn(row, language),
  bookedAt: row.booked_at,
});

/** The deal's state; the server's reason worded in the reader's language (a person's words as typed). */
const dealOf = (row: BookingRow, language: Language) => ({
  agreedPrice: row.agreed_price,
  status: row.status,
  statusReason: reasonWords(row, language),
  statusReasonCode: row.status_reason_code,
  statusChangedAt: row.status_changed_at,
});

/** The seller's contact goes to the buyer only once the seller has said yes. */
const SELLER_SHOWN: readonly BookingStatus[] = ['accepted', 'sold'];

type BuyerOrderRow = BookingRow & { seller_name: string | null; seller_mobile: string | null };

const toBuyerOrder = (row: BuyerOrderRow, language: Language): BuyerOrder => {
  const shown = SELLER_SHOWN.includes(row.status);
  return {
    ...toOrder(row, language),
    ...dealOf(row, language),
    sellerName: shown ? row.seller_name : null,
    sellerPhone: shown ? row.seller_mobile : null,
  };
};

const toRequestItem = (row: BookingRow, language: Language): BookingRequestItem => ({
  _id: row.id,
  productId: row.product_id,
  productName: row.product_name,
  productImg: row.product_img,
  productPrice: row.product_price,
  buyerName: buyerNameIn(row, language),
  phoneNumber: row.phone_number,
  meetLocation: placeIn(row, language),
  bookedAt: row.booked_at,
  ...dealOf(row, language),
});

type NewBooking = Omit<
  BookingRow,
  | 'id'
  | 'booked_at'
  | 'status'
  | 'is_open'
  | 'status_reason'
  | 'status_reason_code'
  | 'status_changed_at'
  | 'agreed_price'
>;

/** Every booking request that is not asked again writes one: compiled once. */
const insertRow = compiledInsert('bookings', [
  'id',
  'buyer_id',
  'product_id',
  'seller_id',
  'product_name',
  'product_price',
  'product_img',
  'category_name',
  'buyer_name',
  'buyer_email',
  'phone_number',
  'meet_location',
  'booked_at',
]);

export async function insertBooking(db: Kysely<Database>, booking: NewBooking): Promise<string> {
  const id = newId();
  await insertRow(db, { ...booking, id, booked_at: nowIso() });
  return id;
}

/** The buyer's booking of the product, open or not (one row per buyer and product). */
export const findBooking = (db: Kysely<Database>, buyerId: string, productId: string) =>
  rowByKey(db, 'bookings', { buyer_id: buyerId, product_id: productId });

export const findBookingById = rowById('bookings');

/** The columns a move to `status` writes; a reason only goes with a decline or a cancellation. */
const statusColumns = (status: BookingStatus, reason: EndReason | null) => ({
  status,
  is_open: OPEN_STATUSES.includes(status),
  ...reasonColumns(reason),
  status_changed_at: nowIso(),
});

/**
 * Moves a booking to `to` only while it is in one of `from`, so two moves racing each other cannot
 * both happen; answers whether it moved.
 */
export async function moveBooking(
  db: Kysely<Database>,
  id: string,
  from: readonly BookingStatus[],
  to: BookingStatus,
  reason: EndReason | null = null,
): Promise<boolean> {
  const moved = await changedAny(
    db.updateTable('bookings').set(statusColumns(to, reason)).where('id', '=', id).where('status', 'in', from),
  );
  if (moved && (to === 'accepted' || from.includes('accepted'))) await reservationChanged(db, id);
  if (moved) await bookingConversationChanged(db, id);
  return moved;
}

/**
 * The conversation about a moved booking's phone shows the booking's state on its card: it counts
 * as changed, so the `chat` event's `at` moves and both sides' open pages read it again (a
 * notification alone is not enough: a page whose unread count was read after the move sees no rise).
 */
async function bookingConversationChanged(db: Kysely<Database>, bookingId: string): Promise<void> {
  const ofBooking = (column: 'product_id' | 'buyer_id') =>
    db.selectFrom('bookings').select(column).where('id', '=', bookingId);
  await db
    .updateTable('conversations')
    .set({ updated_at: nowIso() })
    .where((eb) => eb.and([eb('product_id', '=', ofBooking('product_id')), eb('buyer_id', '=', ofBooking('buyer_id'))]))
    .execute();
}

/**
 * A booking accepted, or an accepted one ended: the phone shows as reserved, or no longer (the one
 * change of a booking that public answers show, cache/tags.ts).
 */
async function reservationChanged(db: Kysely<Database>, bookingId: string): Promise<void> {
  const booking = await db.selectFrom('bookings').select('product_id').where('id', '=', bookingId).executeTakeFirst();
  if (booking?.product_id) named([tags.listing(booking.product_id)]);
}

/** A closed booking asked again: a new request with the buyer's new details, at the end of the queue. */
export async function reopenBooking(
  db: Kysely<Database>,
  id: string,
  productId: string,
  details: Pick<BookingRow, 'phone_number' | 'meet_location' | 'product_price' | 'seller_id'>,
): Promise<boolean> {
  return changedAny(
    db
      .updateTable('bookings')
      // A price agreed in an earlier deal does not carry over to a new request.
      .set({ ...details, ...statusColumns('requested', null), booked_at: nowIso(), agreed_price: null })
      .where('id', '=', id)
      // Deleting the product clears the link and keeps the row as history: that row is not reopened.
      .where('product_id', '=', productId)
      .where('is_open', '=', false)
      .where('status', '!=', 'sold'),
  );
}

/** The open bookings of a product (served by bookings_product_open). */
export const openBookingsOf = (db: Kysely<Database>, productId: string) =>
  db.selectFrom('bookings').selectAll().where('product_id', '=', productId).where('is_open', '=', true).execute();

/** The open bookings a buyer made (served by bookings_buyer_booked). */
export const openBookingsOfBuyer = (db: Kysely<Database>, buyerId: string) =>
  db.selectFrom('bookings').selectAll().where('buyer_id', '=', buyerId).where('is_open', '=', true).execute();

/** Whether a buyer is promised the phone: it has an accepted booking. */
export const hasAcceptedBooking = async (db: Kysely<Database>, productId: string) =>
  (await reservedAmong(db, [productId])).has(productId);

/**
 * The accepted bookings: at most one a product, the buyer it is reserved for (bookings_one_accepted).
 * The status is written into the statement, not a parameter: a parameter that decides whether a
 * partial index applies makes SQLite prepare the statement again each time a value is bound to it,
 * which is every run (a product's "reserved" test alone: 14 µs, 5 with the status written; a
 * booking request's read of its listing: 362 µs of SQLite's time, 116 after).
 */
const acceptedBookings = (db: Pick<Kysely<Database>, 'selectFrom'>) =>
  db.selectFrom('bookings').where('bookings.status', '=', sql.lit('accepted'));

/** Whether the product of the column `product` is reserved: a condition for a query of products. */
export const isReserved = (product: string) => {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    acceptedBookings(eb).select('bookings.id').where('bookings.product_id', '=', sql.ref<string>(product)),
  );
};

/** Which of the products are reserved: they have an accepted booking. */
export async function reservedAmong(db: Kysely<Database>, productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await acceptedBookings(db).select('product_id').where('product_id', 'in', productIds).execute();
  return new Set(rows.map((row) => row.product_id).filter((id) => id !== null));
}

/** How many open requests each of the products has (served by bookings_product_open). */
export async function openRequestCounts(db: Kysely<Database>, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bookings')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('product_id', 'in', productIds)
    .where('is_open', '=', true)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id as string, Number(row.count)]));
}

/** One page of a buyer's bookings, newest first (served by the bookings_buyer_booked index). */
export async function listOrdersOfBuyer(db: Kysely<Database>, buyerId: string, page: PageQuery, language: Language) {
  const { rows, total } = await readPage(
    db
      .selectFrom('bookings as b')
      .leftJoin('products as p', 'p.id', 'b.product_id')
      .leftJoin('users as u', 'u.id', 'b.seller_id')
      .selectAll('b')
      .select(['u.name as seller_name', 'p.seller_mobile as seller_mobile'])
      .where('b.buyer_id', '=', buyerId)
      .orderBy('b.booked_at', 'desc')
      .orderBy('b.id', 'desc'),
    db.selectFrom('bookings').where('buyer_id', '=', buyerId),
    page,
  );
  return { items: rows.map((row) => toBuyerOrder(row, language)), total };
}

/** One page of the requests on a seller's phones: open ones first, newest first (bookings_seller_open_booked). */
export async function listRequestsOfSeller(
  db: Kysely<Database>,
  sellerId: string,
  page: PageQuery,
  language: Language,
) {
  const ofSeller = db.selectFrom('bookings').where('seller_id', '=', sellerId);
  const { rows, total } = await readPage(
    ofSeller.selectAll().orderBy('is_open', 'desc').orderBy('booked_at', 'desc').orderBy('id', 'desc'),
    ofSeller,
    page,
  );
  return { items: rows.map((row) => toRequestItem(row, language)), total };
}

/** Requests nobody answered since `bookedBefore`, oldest first (served by bookings_requested_booked). */
export const requestsBookedBefore = (db: Kysely<Database>, bookedBefore: string, limit: number) =>
  db
    .selectFrom('bookings')
    .selectAll()
    .where('status', '=', 'requested')
    .where('booked_at', '<', bookedBefore)
    .orderBy('booked_at')
    .limit(limit)
    .execute();

/** Up to two listings that show the upload among their photos (served by product_photos_upload). */
export const findProductsShowingUpload = (db: Kysely<Database>, uploadId: string) =>
  db
    .selectFrom('product_photos')
    .select('product_id')
    .where('upload_id', '=', uploadId)
    .limit(2)
    .execute()
    .then((rows) => rows.map((row) => row.product_id));

/**
 * Accepts the booking at `price` from one of `from` (guarded like moveBooking); an accepted one only
 * takes the new price. bookings_one_accepted refuses it when another buyer's is accepted.
 */
export async function acceptAtPrice(
  db: Kysely<Database>,
  id: string,
  from: readonly BookingStatus[],
  price: number,
): Promise<boolean> {
  const accepted = await changedAny(
    db
      .updateTable('bookings')
      .set({ ...statusColumns('accepted', null), agreed_price: price })
      .where('id', '=', id)
      .where('status', 'in', from),
  );
  if (accepted) await reservationChanged(db, id);
  return accepted;
}

/** The number the buyer gave last: their account's, or their latest booking's. */
export async function lastPhoneOf(db: Kysely<Database>, buyerId: string): Promise<string | undefined> {
  const user = await db.selectFrom('users').select('phone_number').where('id', '=', buyerId).executeTakeFirst();
  if (user?.phone_number) return user.phone_number;
  const booking = await db
    .selectFrom('bookings')
    .select('phone_number')
    .where('buyer_id', '=', buyerId)
    .orderBy('booked_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return booking?.phone_number;
}

/** The buyer the phone is reserved for (null: a deleted account), or undefined when it is not reserved. */
export async function acceptedBuyerOf(db: Kysely<Database>, productId: string): Promise<string | null | undefined> {
  const row = await acceptedBookings(db).select('buyer_id').where('product_id', '=', productId).executeTakeFirst();
  return row?.buyer_id;
}
