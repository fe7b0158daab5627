import { paths } from '#shared/paths';
import type { BookingRow } from '#server/db/schema';
import { localText, type LocalText, type ServerMessageId, type TextValues } from '#server/i18n/texts';
import type { NewNotification } from '#server/notifications/service';
import { buyerValue, placeValue, reasonValue, type EndReason } from './reasons';

/*
 * The sentence and link of each notification the deal makes, for the side that did not act,
 * written in that person's language (./locales).
 */

type Booking = Pick<BookingRow, 'buyer_id' | 'seller_id' | 'product_name' | 'buyer_name' | 'meet_location'>;

/** The sentence, or its "…WithReason" twin carrying the reason the other side (or the server) gave. */
function withReason(id: ServerMessageId, values: TextValues, reason: EndReason | null): LocalText {
  const why = reasonValue(reason);
  return why ? localText(`${id}WithReason` as ServerMessageId, { ...values, reason: why }) : localText(id, values);
}

const toSeller = (booking: Booking, kind: NewNotification['kind'], message: LocalText): NewNotification[] =>
  booking.seller_id ? [{ userId: booking.seller_id, kind, message, link: paths.bookingRequests }] : [];

const toBuyer = (booking: Booking, kind: NewNotification['kind'], message: LocalText): NewNotification[] =>
  booking.buyer_id ? [{ userId: booking.buyer_id, kind, message, link: paths.myOrders }] : [];

export const requested = (booking: Booking) =>
  toSeller(
    booking,
    'booking_requested',
    localText('server.bookings.requested', {
      buyer: buyerValue(booking),
      product: booking.product_name,
      place: placeValue(booking),
    }),
  );

export const accepted = (booking: Booking) =>
  toBuyer(
    booking,
    'booking_accepted',
    localText('server.bookings.accepted', { product: booking.product_name, place: placeValue(booking) }),
  );

export const declined = (booking: Booking, reason: EndReason | null) =>
  toBuyer(
    booking,
    'booking_declined',
    withReason('server.bookings.declined', { product: booking.product_name }, reason),
  );

export const expired = (booking: Booking) =>
  toBuyer(booking, 'booking_expired', localText('server.bookings.expired', { product: booking.product_name }));

export const sold = (booking: Booking) =>
  toBuyer(booking, 'booking_sold', localText('server.bookings.sold', { product: booking.product_name }));

export const cancelledByBuyer = (booking: Booking, reason: EndReason | null) =>
  toSeller(
    booking,
    'booking_cancelled',
    withReason(
      'server.bookings.cancelledByBuyer',
      { buyer: buyerValue(booking), product: booking.product_name },
      reason,
    ),
  );

export const cancelledBySeller = (booking: Booking, reason: EndReason | null) =>
  toBuyer(
    booking,
    'booking_cancelled',
    withReason('server.bookings.cancelledBySeller', { product: booking.product_name }, reason),
  );
