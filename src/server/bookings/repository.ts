import type { Kysely, Selectable } from 'kysely';
import type { Order } from '../../shared/bookings';
import type { PageQuery } from '../../shared/common';
import { newId, nowIso } from '../db/ids';
import type { BookingsTable, Database } from '../db/schema';
import { offsetOf } from '../http/paging';

type BookingRow = Selectable<BookingsTable>;

export const toOrder = (row: BookingRow): Order => ({
  _id: row.id,
  productId: row.product_id,
  productName: row.product_name,
  categoryNameInfo: row.category_name,
  productPrice: row.product_price,
  productImg: row.product_img,
  name: row.buyer_name,
  email: row.buyer_email,
  phoneNumber: row.phone_number,
  meetLocation: row.meet_location,
  bookedAt: row.booked_at,
});

export type NewBooking = Omit<BookingRow, 'id' | 'booked_at'>;

export async function insertBooking(db: Kysely<Database>, booking: NewBooking): Promise<string> {
  const id = newId();
  await db
    .insertInto('bookings')
    .values({ ...booking, id, booked_at: nowIso() })
    .execute();
  return id;
}

export const findBooking = (db: Kysely<Database>, buyerId: string, productId: string) =>
  db
    .selectFrom('bookings')
    .select(['id', 'booked_at'])
    .where('buyer_id', '=', buyerId)
    .where('product_id', '=', productId)
    .executeTakeFirst();

/** One page of a buyer's bookings, newest first (served by the bookings_buyer_booked index). */
export async function listOrdersOfBuyer(db: Kysely<Database>, buyerId: string, page: PageQuery) {
  const ofBuyer = db.selectFrom('bookings').where('buyer_id', '=', buyerId);
  const [rows, count] = await Promise.all([
    ofBuyer
      .selectAll()
      .orderBy('booked_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(offsetOf(page))
      .execute(),
    ofBuyer.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toOrder), total: Number(count.count) };
}

/** Up to two listings that show the upload among their photos (served by product_photos_upload). */
export const findProductsShowingUpload = (db: Kysely<Database>, uploadId: string) =>
  db
    .selectFrom('product_photos')
    .select('product_id')
    .where('upload_id', '=', uploadId)
    .limit(2)
    .execute()
    .then((rows) => rows.map((row) => row.product_id));
