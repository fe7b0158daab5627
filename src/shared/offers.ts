import { toLatinDigits } from './i18n/digits';
import { messageText } from './i18n/message-text';
import { forPartsField } from './trust';
import { z } from './zod';
import { idField, timestampSchema } from './common';

/** An offer waits this long for its answer (a counter waits as long for the buyer's). */
export const OFFER_EXPIRY_HOURS = 48;

export const OFFER_STATUSES = ['open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** Waiting for an answer: the seller's to an open offer, the buyer's to a counter. */
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ['open', 'countered'];

/** An offer is not above the asking price nor below half of it, so it is a price, not a provocation. */
export const offerLimits = (asking: number) => ({ min: Math.ceil(asking / 2), max: asking });

/** Why `price` is not a fair offer for a phone asking `asking`, or undefined when it is. */
export function offerPriceProblem(price: number, asking: number): string | undefined {
  const { min, max } = offerLimits(asking);
  if (price > max) return messageText('shared.offers.atMost', { maxPrice: max });
  if (price < min) return messageText('shared.offers.atLeast', { minPrice: min });
  return undefined;
}

const PRICE_REQUIRED = messageText('shared.offers.priceRequired');

/** Whole Tk typed in Latin or Bengali digits, with optional thousands commas ("৪৫,০০০"). */
export const offerPriceSchema = z
  .union([z.string(), z.number()], { error: PRICE_REQUIRED })
  .transform((v) => (typeof v === 'number' ? String(v) : toLatinDigits(v).trim().replace(/,/g, '')))
  .pipe(
    z
      .string()
      .min(1, PRICE_REQUIRED)
      .regex(/^\d{1,9}$/, messageText('shared.products.priceDigits'))
      .transform(Number)
      .pipe(z.number().min(1, PRICE_REQUIRED)),
  );

export const OFFER_NOTE_MAX = 300;

/** POST /conversations/:id/offers: the buyer's price and an optional note. */
export const makeOfferSchema = z.object({
  price: offerPriceSchema,
  note: z
    .string({ error: messageText('shared.offers.noteText') })
    .trim()
    .max(OFFER_NOTE_MAX, messageText('shared.offers.noteMax', { max: OFFER_NOTE_MAX }))
    .optional(),
  /** Required (true) only for a phone graded For parts (docs/trust.md). */
  forParts: forPartsField,
});
export type MakeOfferForm = z.input<typeof makeOfferSchema>;
export type MakeOffer = z.infer<typeof makeOfferSchema>;

/** PUT /offers/:id/counter: the seller's price. */
export const counterOfferSchema = z.object({ price: offerPriceSchema });

export const offerSchema = z.object({
  ...idField,
  conversationId: z.string(),
  price: z.number(),
  note: z.string().nullable(),
  counterPrice: z.number().nullable(),
  status: z.enum(OFFER_STATUSES),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  /** The price the deal is at once accepted: the counter's when a counter was accepted. */
  agreedPrice: z.number().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;
