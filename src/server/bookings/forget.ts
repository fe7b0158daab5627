import type { Transaction } from 'kysely';
import type { BookingRow, Database } from '#server/db/schema';
import { languageOf } from '#server/i18n/recipient';
import { localText, write } from '#server/i18n/texts';
import type { NewNotification } from '#server/notifications/service';
import { cancelledByBuyer, requested } from './messages';

/**
 * A booking as it stays once its buyer's account is deleted: the deal's history, nothing of the
 * person. With no buyer it is shown as "Deleted account", in its reader's language (./reasons).
 */
export const withoutBuyer = <T extends Pick<BookingRow, 'buyer_id' | 'buyer_name'>>(booking: T): T => ({
  ...booking,
  buyer_id: null,
  buyer_name: '',
});

/**
 * A buyer's account is deleted (in its transaction): what their bookings copied of them (name,
 * address, phone number, meeting place, a cancellation's reason) is blanked, and the notifications that told sellers of
 * those bookings are written again without them. The bookings stay as the sellers' history.
 */
export async function forgetBuyer(trx: Transaction<Database>, buyerId: string): Promise<void> {
  const bookings = await trx
    .selectFrom('bookings')
    .select(['id', 'seller_id', 'product_name', 'buyer_name', 'meet_location', 'buyer_id'])
    .where('buyer_id', '=', buyerId)
    .execute();
  for (const booking of bookings) await rewriteSellerNotifications(trx, booking);
  // Who cancelled is not kept, and the reason may be the buyer's own words: they go (the server's
  // code stays).
  await trx
    .updateTable('bookings')
    .set({ status_reason: null })
    .where('buyer_id', '=', buyerId)
    .where('status', '=', 'cancelled')
    .execute();
  await trx
    .updateTable('bookings')
    .set({ buyer_id: null, buyer_name: '', buyer_email: '', phone_number: '', meet_location: '' })
    .where('buyer_id', '=', buyerId)
    .execute();
}

type Told = Pick<BookingRow, 'buyer_id' | 'seller_id' | 'product_name' | 'buyer_name' | 'meet_location'>;

/**
 * The seller's notifications about one booking, found by the sentences they were made of: a
 * request names the buyer and the meeting place, a cancellation the buyer and their reason.
 */
async function rewriteSellerNotifications(trx: Transaction<Database>, booking: Told): Promise<void> {
  if (!booking.seller_id) return;
  // Written in the seller's language, as they were.
  const language = await languageOf(trx, booking.seller_id);
  const sentence = (told: NewNotification[]) => (told[0] ? write(language, told[0].message) : undefined);
  const asked = sentence(requested(booking));
  // The cancellation's sentence up to its stop or its reason, which are the buyer's own words.
  const cancelledStart = sentence(cancelledByBuyer(booking, null))?.slice(0, -1);
  const notes = await trx
    .selectFrom('notifications')
    .select(['id', 'kind', 'message'])
    .where('user_id', '=', booking.seller_id)
    .where('kind', 'in', ['booking_requested', 'booking_cancelled'])
    .execute();
  for (const note of notes) {
    let message: string | undefined;
    if (note.kind === 'booking_requested' && note.message === asked) {
      message = write(language, localText('server.bookings.deletedAsked', { product: booking.product_name }));
    } else if (note.kind === 'booking_cancelled' && cancelledStart && note.message.startsWith(cancelledStart)) {
      message = write(language, localText('server.bookings.deletedCancelled', { product: booking.product_name }));
    }
    if (message) await trx.updateTable('notifications').set({ message }).where('id', '=', note.id).execute();
  }
}
