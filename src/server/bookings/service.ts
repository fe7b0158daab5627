import type { Kysely } from 'kysely';
import { OPEN_STATUSES, type BookingRequest } from '#shared/bookings';
import type { Deps } from '#server/deps';
import { insertOnce } from '#server/db/errors';
import type { BookingRow, Database, UserRow } from '#server/db/schema';
import { AppError, forbidden, notFound, orNotFound } from '#server/errors';
import { countUse, waitFor, type LimitRule } from '#server/limits/counters';
import { refusal, serverMessage } from '#server/i18n/texts';
import { findProduct, findProductToBook } from '#server/products/repository';
import { productOrAccountGone } from '#server/products/service';
import { imageFileName, uploadIdOfUrl } from '#server/uploads/names';
import type { Config } from '#server/config';
import { withNotifications } from '#server/notifications/service';
import { closed, noteBookingRequest } from '#server/chat/service';
import { assertPartsAcknowledged } from '#server/trust/for-parts';
import { requested } from './messages';
import { findBooking, findProductsShowingUpload, hasAcceptedBooking, insertBooking, reopenBooking } from './repository';

/**
 * The spec's client names the product only by its picture: the listing that shows that upload, as
 * its cover or another photo. A picture of no listing (or of another host) is a 404; one that two
 * listings share names neither, so the caller must send `productId`.
 */
async function productShowing(db: Kysely<Database>, productImg: string, config: Config): Promise<string> {
  const uploadId = uploadIdOfUrl(productImg, config);
  const productIds = uploadId ? await findProductsShowingUpload(db, uploadId) : [];
  if (productIds.length === 0) throw notFound('Product');
  if (productIds.length > 1) {
    throw new AppError('BAD_REQUEST', serverMessage('server.bookings.error.pictureOfMany'), {
      productId: serverMessage('server.bookings.error.chooseProduct'),
    });
  }
  return productIds[0]!;
}

/**
 * Requests one buyer may make for one phone in a day. Booking again after a cancel is allowed (a
 * changed plan), but book-and-cancel in a loop would notify and mail the seller each time.
 */
export const BOOKING_REQUEST_LIMIT: LimitRule = { max: 3, windowMs: 24 * 60 * 60 * 1000 };

const tooManyRequests = (retryAfterMs: number) =>
  refusal('RATE_LIMITED', 'server.bookings.error.tooManyRequests', {
    max: BOOKING_REQUEST_LIMIT.max,
    ...waitFor(retryAfterMs),
  });

const alreadyBooked = () => refusal('ALREADY_EXISTS', 'server.bookings.error.bookedAlready');

/**
 * Books a product for `buyer`: a request its seller is told of at once. Who books comes from the
 * account and what is booked from the product's own record, as it is now: the booking keeps that
 * snapshot even if the listing changes or goes away later. A buyer whose earlier booking of the
 * phone was declined, cancelled or expired asks again with the same booking.
 */
export async function bookProduct(
  deps: Pick<Deps, 'db' | 'images' | 'config' | 'bell' | 'push' | 'interleave'>,
  buyer: UserRow,
  request: BookingRequest,
): Promise<string> {
  const { db, images, config } = deps;
  const productId = request.productId ?? (await productShowing(db, request.productImg ?? '', config));
  const product = orNotFound(await findProductToBook(db, productId, buyer.id), 'Product');
  // A listing's seller never changes, so this holds without a lock.
  if (product.seller_id === buyer.id) throw forbidden(serverMessage('server.bookings.error.ownPhone'));
  if (product.is_sold) throw refusal('ALREADY_SOLD', 'server.bookings.error.sold');
  if (product.is_hidden || product.review_state) throw refusal('CONFLICT', 'server.bookings.error.notOnSale');
  if (product.is_blocked) throw closed();
  assertPartsAcknowledged(product, request.forParts);
  // A declined, cancelled or expired booking is asked for again; an open or sold one stands. The
  // row read is the one reopened: a request racing this one makes the reopen (guarded) or the
  // insert (the unique index) fail, and it is then found standing. The first look is the booking
  // read with the listing; a request that lost the race looks again.
  let earlier: Pick<BookingRow, 'id' | 'status'> | undefined =
    product.booking_id && product.booking_status
      ? { id: product.booking_id, status: product.booking_status }
      : undefined;
  let looked = false;
  const standing = async () => {
    if (looked) earlier = await findBooking(db, buyer.id, product.id);
    looked = true;
    return earlier && (OPEN_STATUSES.includes(earlier.status) || earlier.status === 'sold') ? earlier : undefined;
  };
  const details = {
    phone_number: request.phoneNumber,
    meet_location: request.meetLocation,
    product_price: product.resale_price,
    seller_id: product.seller_id,
  };
  // The first insert goes by the reservation read with the listing; a second (insertOnce, after the
  // unique index refused the first) asks again, as a booking may have been accepted in between.
  let reservedNow = async () => Boolean(product.is_reserved);
  return insertOnce({
    find: standing,
    found: () => {
      throw alreadyBooked();
    },
    insert: async () => {
      const reserved = await reservedNow();
      reservedNow = () => hasAcceptedBooking(db, product.id);
      if (reserved) throw refusal('CONFLICT', 'server.bookings.error.reservedNow');
      await deps.interleave?.('booking', db);
      return withNotifications(deps, async (trx, tell) => {
        const counted = await countUse(trx, `booking:${buyer.id} ${product.id}`, BOOKING_REQUEST_LIMIT);
        if (!counted.allowed) throw tooManyRequests(counted.retryAfterMs);
        let id = earlier?.id;
        if (id) {
          // Not reopened: another request reopened it first (it stands), or the product was deleted
          // since it was read (its link cleared), which is a 404 as for a first booking.
          if (!(await reopenBooking(trx, id, product.id, details))) {
            throw (await findProduct(trx, product.id)) ? alreadyBooked() : notFound('Product');
          }
        } else {
          id = await insertBooking(trx, {
            ...details,
            buyer_id: buyer.id,
            product_id: product.id,
            product_name: product.product_name,
            product_img: images.urlOf(imageFileName(product.image_id)),
            category_name: product.category_name,
            buyer_name: buyer.name,
            buyer_email: buyer.email,
          });
        }
        await noteBookingRequest(trx, { bookingId: id, buyer, product, meetLocation: request.meetLocation });
        await tell(
          ...requested({ ...details, buyer_id: buyer.id, product_name: product.product_name, buyer_name: buyer.name }),
        );
        return id;
      });
    },
    gone: () => productOrAccountGone(db, product.id),
  });
}
