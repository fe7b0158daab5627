import { withoutBuyer } from './forget';
import { saidBy, serverReason, type EndReason } from './reasons';
import type { Kysely, Transaction } from 'kysely';
import { REASON_REQUIRED, REQUEST_EXPIRY_HOURS, type BookingEndCode, type BookingStatus } from '#shared/bookings';
import { isUniqueViolation } from '#server/db/errors';
import type { BookingRow, Database, UserRow } from '#server/db/schema';
import type { Deps } from '#server/deps';
import { AppError, forbidden, orNotFound } from '#server/errors';
import { refusal, serverMessage } from '#server/i18n/texts';
import { withNotifications, type Notify } from '#server/notifications/service';
import { findProduct, markSold, type ProductDetailsRow } from '#server/products/repository';
import * as told from './messages';
import {
  acceptAtPrice,
  findBookingById,
  insertBooking,
  lastPhoneOf,
  moveBooking,
  openBookingsOf,
  openBookingsOfBuyer,
  requestsBookedBefore,
} from './repository';
import { reviewOpen } from '#server/reviews/messages';
import { windowEndOf } from '#server/reviews/repository';
import { onListingVisible } from '#server/alerts/matching';
import { recordSale } from '#server/fair-price/repository';

/*
 * The deal: a booking is a request the seller accepts or declines; accepting reserves the phone
 * (the database keeps one accepted booking per phone); the seller marks it sold to that buyer. Each
 * move is one transaction with the notifications it makes, and only happens from the states it is
 * allowed from, so a move racing another loses with a 409 instead of undoing it.
 */

export type DealDeps = Pick<Deps, 'db' | 'bell' | 'push'>;

/** The moves a booking's refusal can name: the status each one leads to. */
type Move = Extract<BookingStatus, 'accepted' | 'declined' | 'cancelled' | 'sold'>;

/** "This booking is declined, so it cannot be accepted": the status and the move chosen in the message. */
const notNow = (status: BookingStatus, doing: Move) =>
  new AppError('CONFLICT', serverMessage('server.bookings.error.notNow', { status, doing }));

const alreadySold = () => refusal('ALREADY_SOLD', 'server.bookings.error.sold');

async function bookingFor(db: Kysely<Database>, id: string): Promise<BookingRow> {
  const booking = orNotFound(await findBookingById(db, id), 'Booking');
  return booking;
}

function assertSellerOf(booking: BookingRow, userId: string) {
  if (booking.seller_id !== userId) throw forbidden(serverMessage('server.bookings.error.sellerOnly'));
}

/**
 * Moves the booking in `trx`, or explains why not: someone else moved it first since it was read.
 */
async function move(
  trx: Transaction<Database>,
  booking: BookingRow,
  from: readonly BookingStatus[],
  to: BookingStatus,
  doing: Move,
  reason: EndReason | null = null,
) {
  if (await moveBooking(trx, booking.id, from, to, reason)) return;
  const now = await findBookingById(trx, booking.id);
  throw notNow(now?.status ?? booking.status, doing);
}

/** The seller says yes: the phone is reserved for this buyer. */
export async function acceptBooking(deps: DealDeps, sellerId: string, id: string): Promise<BookingStatus> {
  const booking = await bookingFor(deps.db, id);
  assertSellerOf(booking, sellerId);
  if (booking.status !== 'requested') throw notNow(booking.status, 'accepted');
  const product = booking.product_id ? await findProduct(deps.db, booking.product_id) : undefined;
  if (!product) throw refusal('CONFLICT', 'server.bookings.error.noLongerListed');
  if (product.is_sold) throw alreadySold();
  if (product.is_hidden) throw refusal('CONFLICT', 'server.bookings.error.hidden');
  if (product.review_state) throw refusal('CONFLICT', 'server.bookings.error.underReview');
  try {
    return await withNotifications<BookingStatus>(deps, async (trx, tell) => {
      await move(trx, booking, ['requested'], 'accepted', 'accepted');
      await tell(...told.accepted(booking));
      return 'accepted';
    });
  } catch (error) {
    throw asReservedConflict(error);
  }
}

const reservedForAnother = () => refusal('CONFLICT', 'server.bookings.error.reservedForAnother');

/**
 * An offer is accepted: the buyer's booking of the phone is accepted at `price` (kept in
 * `bookings.agreed_price`), made when they had none, asked again when it had ended, repriced when it
 * was accepted already. Runs in the caller's transaction, so the offer and the booking move together;
 * bookings_one_accepted refuses it when another buyer's booking was accepted meanwhile (the caller
 * turns that into a 409 with reservedForAnother, see isUniqueViolation). Answers the booking's id.
 */
export async function acceptAtAgreedPrice(
  trx: Transaction<Database>,
  deal: {
    buyer: Pick<UserRow, 'id' | 'name' | 'email'>;
    product: ProductDetailsRow;
    productImg: string;
    price: number;
  },
): Promise<string> {
  const { buyer, product, price } = deal;
  if (product.is_sold) throw alreadySold();
  if (product.is_hidden) throw refusal('CONFLICT', 'server.bookings.error.notOnSale');
  const existing = await trx
    .selectFrom('bookings')
    .selectAll()
    .where('buyer_id', '=', buyer.id)
    .where('product_id', '=', product.id)
    .executeTakeFirst();
  if (existing?.status === 'sold') throw refusal('ALREADY_SOLD', 'server.bookings.error.soldToYou');
  if (existing) {
    if (!(await acceptAtPrice(trx, existing.id, [existing.status], price))) throw notNow(existing.status, 'accepted');
    return existing.id;
  }
  const id = await insertBooking(trx, {
    buyer_id: buyer.id,
    product_id: product.id,
    product_name: product.product_name,
    product_img: deal.productImg,
    product_price: product.resale_price,
    category_name: product.category_name,
    buyer_name: buyer.name,
    buyer_email: buyer.email,
    phone_number: (await lastPhoneOf(trx, buyer.id)) ?? '',
    // They settle the place in the conversation: worded when read (placeValue, ./reasons).
    meet_location: '',
    seller_id: product.seller_id,
  });
  if (!(await acceptAtPrice(trx, id, ['requested'], price))) throw notNow('requested', 'accepted');
  return id;
}

/** A unique-index refusal while accepting means another buyer's booking is accepted: a 409 that says so. */
export function asReservedConflict(error: unknown): unknown {
  return isUniqueViolation(error) ? reservedForAnother() : error;
}

/** The seller says no to a request, with an optional reason. */
export async function declineBooking(
  deps: DealDeps,
  sellerId: string,
  id: string,
  reason: string | null,
): Promise<BookingStatus> {
  const booking = await bookingFor(deps.db, id);
  assertSellerOf(booking, sellerId);
  if (booking.status !== 'requested') throw notNow(booking.status, 'declined');
  const said = saidBy(reason);
  return withNotifications<BookingStatus>(deps, async (trx, tell) => {
    await move(trx, booking, ['requested'], 'declined', 'declined', said);
    await tell(...told.declined(booking, said));
    return 'declined';
  });
}

/**
 * Calls a booking off: the buyer their own request or accepted booking, the seller an accepted one
 * (a request they decline instead). An accepted deal needs a reason, for the other side.
 */
export async function cancelBooking(
  deps: DealDeps,
  userId: string,
  id: string,
  reason: string | null,
): Promise<BookingStatus> {
  const booking = await bookingFor(deps.db, id);
  const byBuyer = booking.buyer_id === userId;
  if (!byBuyer && booking.seller_id !== userId) throw forbidden(serverMessage('server.bookings.error.cancelOwnOnly'));
  const from: BookingStatus[] = byBuyer ? ['requested', 'accepted'] : ['accepted'];
  if (!byBuyer && booking.status === 'requested') {
    throw refusal('CONFLICT', 'server.bookings.error.declineInstead');
  }
  if (!from.includes(booking.status)) throw notNow(booking.status, 'cancelled');
  if (booking.status === 'accepted' && !reason) {
    throw new AppError('VALIDATION_FAILED', REASON_REQUIRED, { reason: REASON_REQUIRED });
  }
  const said = saidBy(reason);
  return withNotifications<BookingStatus>(deps, async (trx, tell) => {
    await move(trx, booking, from, 'cancelled', 'cancelled', said);
    await tell(...(byBuyer ? told.cancelledByBuyer(booking, said) : told.cancelledBySeller(booking, said)));
    // A reservation called off puts the phone back on the market.
    if (booking.status === 'accepted' && booking.product_id) {
      await onListingVisible(trx, booking.product_id, 'reservation_cancelled');
    }
    return 'cancelled';
  });
}

/**
 * Ends every open booking of a product that is leaving the market: requests are declined and an
 * accepted booking is cancelled, each with the server's reason (a code, worded for each reader), and
 * their buyers are told. `except` is the booking the phone is sold to.
 */
export async function closeOpenRequests(
  trx: Transaction<Database>,
  tell: Notify,
  productId: string,
  code: BookingEndCode,
  except?: string,
): Promise<void> {
  const reason = serverReason(code);
  for (const booking of await openBookingsOf(trx, productId)) {
    if (booking.id === except) continue;
    const to = booking.status === 'accepted' ? 'cancelled' : 'declined';
    if (!(await moveBooking(trx, booking.id, [booking.status], to, reason))) continue;
    await tell(...(to === 'declined' ? told.declined(booking, reason) : told.cancelledBySeller(booking, reason)));
  }
}

/**
 * An account is being deleted: the open bookings on its phones are declined (or, accepted, cancelled)
 * for their buyers, and its own open bookings are cancelled for their sellers, who no longer see its name.
 */
export async function closeBookingsOfAccount(trx: Transaction<Database>, tell: Notify, userId: string): Promise<void> {
  const products = await trx.selectFrom('products').select('id').where('seller_id', '=', userId).execute();
  for (const product of products) await closeOpenRequests(trx, tell, product.id, 'account_removed');
  await cancelBookingsOfBuyer(trx, tell, userId, 'account_removed', withoutBuyer);
}

/**
 * A buyer's open bookings cancelled for their sellers (the account deleted or suspended). An accepted
 * one was a reservation: like any called off, it puts the phone back on the market.
 */
export async function cancelBookingsOfBuyer(
  trx: Transaction<Database>,
  tell: Notify,
  buyerId: string,
  code: BookingEndCode,
  shown: (booking: BookingRow) => BookingRow = (booking) => booking,
): Promise<void> {
  const reason = serverReason(code);
  for (const booking of await openBookingsOfBuyer(trx, buyerId)) {
    if (!(await moveBooking(trx, booking.id, [booking.status], 'cancelled', reason))) continue;
    await tell(...told.cancelledByBuyer(shown(booking), reason));
    if (booking.status === 'accepted' && booking.product_id) {
      await onListingVisible(trx, booking.product_id, 'reservation_cancelled');
    }
  }
}

/** What the seller confirms when a phone is sold: its final price (fair prices, docs/alerts.md) and
 * its NEIR de-registration (docs/trust.md). */
export interface SaleConfirmation {
  finalPrice?: number;
  deregistered?: boolean;
}

/**
 * Marks the phone sold, if it is not yet, and keeps the final price the seller confirmed (else the
 * agreed offer price, else the phone's price) for fair prices.
 */
async function sell(trx: Transaction<Database>, productId: string, sale: SaleConfirmation): Promise<boolean> {
  if (!(await markSold(trx, productId, sale.deregistered === true))) return false;
  const product = await findProduct(trx, productId);
  if (product) await recordSale(trx, product, sale.finalPrice ?? product.resale_price);
  return true;
}

/** A phone listed with its IMEI changes hands only once its seller confirms de-registering it from NEIR. */
function assertDeregistered(product: { imei_hash: string | null }, deregistered: boolean) {
  if (product.imei_hash !== null && !deregistered) {
    const deregisterFirst = serverMessage('server.bookings.error.deregisterFirst');
    throw new AppError('CONFIRM_NEEDED', deregisterFirst, { deregistered: deregisterFirst });
  }
}

/** The seller sold the phone to the buyer of this accepted booking: every other request is declined. */
export async function sellToBuyer(
  deps: DealDeps,
  sellerId: string,
  id: string,
  sale: SaleConfirmation = {},
): Promise<BookingStatus> {
  const booking = await bookingFor(deps.db, id);
  assertSellerOf(booking, sellerId);
  if (booking.status !== 'accepted') {
    throw booking.status === 'requested'
      ? refusal('CONFLICT', 'server.bookings.error.acceptFirst')
      : notNow(booking.status, 'sold');
  }
  const productId = booking.product_id;
  if (!productId) throw refusal('CONFLICT', 'server.bookings.error.noLongerListed');
  const product = await findProduct(deps.db, productId);
  if (product) assertDeregistered(product, sale.deregistered === true);
  return withNotifications<BookingStatus>(deps, async (trx, tell) => {
    await move(trx, booking, ['accepted'], 'sold', 'sold');
    if (!(await sell(trx, productId, { ...sale, finalPrice: sale.finalPrice ?? booking.agreed_price ?? undefined })))
      throw alreadySold();
    await closeOpenRequests(trx, tell, productId, 'sold_to_another_buyer', booking.id);
    await tell(...told.sold(booking));
    await tell(...reviewOpen(booking, windowEndOf(new Date().toISOString())));
    return 'sold';
  });
}

/** The seller sold the phone outside PhoneHaat: it is sold, and every open booking ends. */
export async function markSoldElsewhere(
  deps: DealDeps,
  sellerId: string,
  productId: string,
  sale: SaleConfirmation = {},
): Promise<number> {
  const product = orNotFound(await findProduct(deps.db, productId), 'Product');
  if (product.seller_id !== sellerId) throw forbidden(serverMessage('server.bookings.error.markOwnOnly'));
  if (product.is_sold) throw alreadySold();
  assertDeregistered(product, sale.deregistered === true);
  return withNotifications(deps, async (trx, tell) => {
    if (!(await sell(trx, productId, sale))) throw alreadySold();
    await closeOpenRequests(trx, tell, productId, 'sold_to_another_buyer');
    return 1;
  });
}

export const REQUEST_EXPIRY_MS = REQUEST_EXPIRY_HOURS * 60 * 60 * 1000;
/** Requests expired per transaction, so one round never holds the database for long. */
const EXPIRY_BATCH = 200;

/** Housekeeping: requests nobody answered within 48 hours expire, and their buyers are told. */
export async function expireRequests(deps: DealDeps, now = new Date()): Promise<number> {
  const bookedBefore = new Date(now.getTime() - REQUEST_EXPIRY_MS).toISOString();
  let expired = 0;
  for (;;) {
    const due = await requestsBookedBefore(deps.db, bookedBefore, EXPIRY_BATCH);
    if (due.length === 0) return expired;
    expired += await withNotifications(deps, async (trx, tell) => {
      let moved = 0;
      for (const booking of due) {
        if (!(await moveBooking(trx, booking.id, ['requested'], 'expired'))) continue;
        await tell(...told.expired(booking));
        moved += 1;
      }
      return moved;
    });
    if (due.length < EXPIRY_BATCH) return expired;
  }
}
