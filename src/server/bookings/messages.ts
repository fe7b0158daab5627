import { paths } from '#shared/paths';
import type { BookingRow } from '#server/db/schema';
import type { NewNotification } from '#server/notifications/service';

/*
 * The sentence and link of each notification the deal makes, for the side that did not act.
 */

type Booking = Pick<BookingRow, 'buyer_id' | 'seller_id' | 'product_name' | 'buyer_name' | 'meet_location'>;

const withReason = (sentence: string, reason: string | null) => (reason ? `${sentence}: ${reason}` : `${sentence}.`);

const toSeller = (booking: Booking, kind: NewNotification['kind'], message: string): NewNotification[] =>
  booking.seller_id ? [{ userId: booking.seller_id, kind, message, link: paths.bookingRequests }] : [];

const toBuyer = (booking: Booking, kind: NewNotification['kind'], message: string): NewNotification[] =>
  booking.buyer_id ? [{ userId: booking.buyer_id, kind, message, link: paths.myOrders }] : [];

export const requested = (booking: Booking) =>
  toSeller(
    booking,
    'booking_requested',
    `${booking.buyer_name} asked to book your ${booking.product_name} and would meet at ${booking.meet_location}.`,
  );

export const accepted = (booking: Booking) =>
  toBuyer(
    booking,
    'booking_accepted',
    `Your booking of ${booking.product_name} is accepted: meet the seller at ${booking.meet_location}.`,
  );

export const declined = (booking: Booking, reason: string | null) =>
  toBuyer(booking, 'booking_declined', withReason(`Your booking of ${booking.product_name} was declined`, reason));

export const expired = (booking: Booking) =>
  toBuyer(
    booking,
    'booking_expired',
    `Your booking of ${booking.product_name} expired: the seller did not answer within 48 hours.`,
  );

export const sold = (booking: Booking) =>
  toBuyer(booking, 'booking_sold', `${booking.product_name} is sold to you. Enjoy your phone!`);

export const cancelledByBuyer = (booking: Booking, reason: string | null) =>
  toSeller(
    booking,
    'booking_cancelled',
    withReason(`${booking.buyer_name} cancelled the booking of ${booking.product_name}`, reason),
  );

export const cancelledBySeller = (booking: Booking, reason: string | null) =>
  toBuyer(
    booking,
    'booking_cancelled',
    withReason(`The seller cancelled your booking of ${booking.product_name}`, reason),
  );
