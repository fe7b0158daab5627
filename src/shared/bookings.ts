import { z } from './zod';
import { messageText } from './i18n/message-text';
import {
  idField,
  idSchema,
  namedListingFields,
  phoneSchema,
  requiredText,
  timestampOrNullSchema,
  timestampSchema,
} from './common';
import { forPartsField } from './trust';

export const bookingFormSchema = z.object({
  phoneNumber: phoneSchema(messageText('shared.bookings.phoneRequired')),
  meetLocation: requiredText(messageText('shared.bookings.placeRequired'), 200),
  /** Required (true) only for a phone graded For parts (docs/trust.md). */
  forParts: forPartsField,
});
export type BookingForm = z.input<typeof bookingFormSchema>;

/**
 * POST /store/booking/product. Our client names the product by `productId`; the spec's client sends
 * only the product's picture as `productImg` (and name, email, product name and price, which are
 * ignored). The buyer's name and email and the product's name, price, picture and category come
 * from the server's records.
 */
export const bookingRequestSchema = bookingFormSchema
  .extend({
    productId: z
      .string({ error: messageText('shared.bookings.chooseProduct') })
      .pipe(idSchema)
      .optional(),
    productImg: z
      .string({ error: messageText('shared.bookings.chooseProduct') })
      .max(2048)
      .optional(),
  })
  .refine((booking) => booking.productId !== undefined || booking.productImg !== undefined, {
    message: messageText('shared.bookings.chooseProduct'),
    path: ['productId'],
    // Also when other fields are wrong, so the form shows every message at once.
    when: () => true,
  });
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/** A booking as either side lists it: the phone (its name kept), its price then, and how and where to meet. */
const bookingFields = {
  ...idField,
  ...namedListingFields,
  productPrice: z.number(),
  productImg: z.string(),
  phoneNumber: z.string(),
  meetLocation: z.string(),
  bookedAt: timestampSchema,
};

/** The spec's order: the booking, the phone's category, and the buyer's name and email. */
export const orderSchema = z.object({
  ...bookingFields,
  categoryNameInfo: z.string(),
  name: z.string(),
  email: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * A booking's life: a request the seller accepts or declines (or the buyer cancels, or nobody
 * answers for 48 hours); an accepted one ends sold to its buyer, or cancelled by either side.
 */
export const BOOKING_STATUSES = ['requested', 'accepted', 'declined', 'cancelled', 'expired', 'sold'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** The seller still has to answer, or the phone is reserved for this buyer. */
export const OPEN_STATUSES: readonly BookingStatus[] = ['requested', 'accepted'];
export const REQUEST_EXPIRY_HOURS = 48;
/**
 * Why the server (not a person) ended a booking: kept as a code (`bookings.status_reason_code`,
 * migration 030) and worded when it is read, in the reader's language (`server.bookings.reason.*`).
 */
export const BOOKING_END_CODES = [
  'sold_to_another_buyer',
  'account_removed',
  'seller_hid',
  'seller_removed',
  'listing_removed',
  'moderator_hid',
  'changes_requested',
  'seller_suspended',
  'buyer_suspended',
] as const;
export type BookingEndCode = (typeof BOOKING_END_CODES)[number];

/** The state of a booking as its buyer and seller see it, beside the spec's order fields. */
const dealFields = {
  /** The price an accepted offer fixed in the conversation; null: the listing's price. */
  agreedPrice: z.number().nullable(),
  status: z.enum(BOOKING_STATUSES),
  /** Why it was declined or cancelled, in the request's language: a person's words, or the server's reason. */
  statusReason: z.string().nullable(),
  /** The server's reason as a code, when the server ended it (null for a person's words). */
  statusReasonCode: z.enum(BOOKING_END_CODES).nullable(),
  statusChangedAt: timestampOrNullSchema,
};

/** GET /orders: the spec's fields, the deal's state, and the seller's contact once the seller accepted. */
export const buyerOrderSchema = orderSchema.extend({
  ...dealFields,
  sellerName: z.string().nullable(),
  sellerPhone: z.string().nullable(),
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;

/** GET /bookings/requests: one request on one of the seller's phones. */
export const bookingRequestItemSchema = z.object({
  ...bookingFields,
  buyerName: z.string(),
  ...dealFields,
});
export type BookingRequestItem = z.infer<typeof bookingRequestItemSchema>;

export const MAX_REASON_LENGTH = 200;
const reasonText = z
  .string({ error: messageText('shared.bookings.reasonText') })
  .trim()
  .max(MAX_REASON_LENGTH, messageText('shared.bookings.reasonMax', { max: MAX_REASON_LENGTH }));

/** Decline (seller) and Cancel (either side): a short reason, optional, except when an accepted deal is called off. */
export const bookingReasonSchema = z.object({ reason: reasonText.optional() });
export type BookingReason = z.infer<typeof bookingReasonSchema>;

export const REASON_REQUIRED = messageText('shared.bookings.reasonRequired');
/** Calling off an accepted booking: the reason is required (the server checks it against the booking's state). */
export const requiredReasonSchema = z.object({ reason: reasonText.min(1, REASON_REQUIRED) });

/** PUT /bookings/{id}/...: the booking as it is after the move. */
export const bookingMoveResultSchema = z.object({ ...idField, status: z.enum(BOOKING_STATUSES) });
export type BookingMoveResult = z.infer<typeof bookingMoveResultSchema>;
