import { paths } from '#shared/paths';
import type { BookingRow, ReviewRow } from '#server/db/schema';
import type { NewNotification } from '#server/notifications/service';
import { localText } from '#server/i18n/texts';
import { buyerValue } from '#server/bookings/reasons';

/*
 * The sentences of the reviews' notifications. Each links to the screen where its reader finds the
 * deal: a seller's sales are in Booking requests, a buyer's purchases in My orders.
 */

const day = (iso: string) => iso.slice(0, 10);

/** The phone was sold through PhoneHaat: the seller may review the buyer (the buyer's booking_sold says it too). */
export const reviewOpen = (
  booking: Pick<BookingRow, 'seller_id' | 'product_name' | 'buyer_id' | 'buyer_name'>,
  openUntil: string,
): NewNotification[] =>
  booking.seller_id
    ? [
        {
          userId: booking.seller_id,
          kind: 'review_open',
          message: localText('server.reviews.open', {
            product: booking.product_name,
            buyer: buyerValue(booking),
            until: day(openUntil),
          }),
          link: paths.bookingRequests,
        },
      ]
    : [];

/** A review became public: its subject is told where to read it (and reply). */
export const reviewPublished = (review: Pick<ReviewRow, 'subject_id' | 'side' | 'product_name'>): NewNotification => ({
  userId: review.subject_id,
  kind: 'review_published',
  message: localText(review.side === 'buyer' ? 'server.reviews.publishedByBuyer' : 'server.reviews.publishedBySeller', {
    product: review.product_name,
  }),
  link: review.side === 'buyer' ? paths.bookingRequests : paths.myOrders,
});
