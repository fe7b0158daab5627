import type { Kysely } from 'kysely';
import type { NotAsDescribedRequest } from '#shared/trust';
import { findBookingById } from '#server/bookings/repository';
import { insertOnce } from '#server/db/errors';
import type { Database } from '#server/db/schema';
import { AppError, forbidden, notFound } from '#server/errors';
import { findNotAsDescribed, insertNotAsDescribed } from './repository';

const REPORTABLE = new Set(['accepted', 'sold']);

/**
 * The buyer of an accepted (or completed) deal reports that the phone is not as its listing said,
 * naming the item; once per deal and item. The admin reads them on the listing review screen.
 */
export async function reportNotAsDescribed(
  db: Kysely<Database>,
  buyerId: string,
  bookingId: string,
  request: NotAsDescribedRequest,
): Promise<void> {
  const booking = await findBookingById(db, bookingId);
  if (!booking) throw notFound('Booking');
  if (booking.buyer_id !== buyerId) throw forbidden('Only the buyer of this deal can report the phone');
  if (!REPORTABLE.has(booking.status))
    throw new AppError('CONFLICT', 'You can report a phone once the seller has accepted your booking');
  const already = () =>
    new AppError('ALREADY_EXISTS', 'You reported this already; the admin will look at it', {
      item: 'You reported this already',
    });
  await insertOnce({
    find: () => findNotAsDescribed(db, bookingId, request.item),
    found: () => {
      throw already();
    },
    insert: async () => {
      await insertNotAsDescribed(db, { bookingId, productId: booking.product_id, ...request });
    },
    gone: async () => notFound('Booking'),
  });
}
