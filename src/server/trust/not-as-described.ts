import type { Kysely } from 'kysely';
import type { NotAsDescribedRequest } from '#shared/trust';
import { findBookingById } from '#server/bookings/repository';
import { insertOnce } from '#server/db/errors';
import type { Database } from '#server/db/schema';
import { AppError, forbidden, notFound, orNotFound } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
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
  const booking = orNotFound(await findBookingById(db, bookingId), 'Booking');
  if (booking.buyer_id !== buyerId) throw forbidden(serverMessage('server.trust.error.notYourDeal'));
  if (!REPORTABLE.has(booking.status))
    throw new AppError('CONFLICT', serverMessage('server.trust.error.notAcceptedYet'));
  const already = () =>
    new AppError('ALREADY_EXISTS', serverMessage('server.trust.error.reportedAlready'), {
      item: serverMessage('server.trust.error.reportedAlreadyShort'),
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
