import { z } from './zod';
import { messageText } from './i18n/message-text';
import { CONDITIONS, MIN_RESALE_PRICE } from './products';
import { wholeTkSchema } from './whole-tk';

/*
 * What phones like one really sell for (docs/fair-price.md), computed by housekeeping from the
 * final prices sellers confirm, per model and condition.
 */

/** A model's sales count only with this many sales by this many sellers within the window. */
export const FAIR_PRICE_MIN_SALES = 5;
export const FAIR_PRICE_MIN_SELLERS = 3;
export const FAIR_PRICE_DAYS = 90;
/** Asking prices are shown (labelled so) only with this many phones for sale. */
export const ASKING_PRICE_MIN_LISTINGS = 3;

export const fairPriceQuerySchema = z.object({
  productName: z
    .string()
    .trim()
    .min(1, messageText('shared.fairPrice.name'))
    .max(120, messageText('shared.fairPrice.nameMax')),
  productCondition: z.enum(CONDITIONS, { error: messageText('shared.search.condition') }),
});
export type FairPriceQuery = z.infer<typeof fairPriceQuerySchema>;

export const fairPriceSchema = z.object({
  /** sales: from confirmed sales; asking: from phones for sale now; none: not enough data yet. */
  source: z.enum(['sales', 'asking', 'none']),
  median: z.number().nullable(),
  /** The middle half: a quarter of the prices are below `low`, a quarter above `high`. */
  low: z.number().nullable(),
  high: z.number().nullable(),
  count: z.number(),
});
export type FairPrice = z.infer<typeof fairPriceSchema>;

export type PriceRating = 'good' | 'fair' | 'above';
export const RATING_LABELS: Record<PriceRating, string> = {
  good: 'Good price',
  fair: 'Fair price',
  above: 'Above typical',
};

/** Below the middle half is a good price, within it fair, above it above typical. */
export function ratePrice(price: number, fair: FairPrice): PriceRating | null {
  if (fair.low === null || fair.high === null) return null;
  return price < fair.low ? 'good' : price > fair.high ? 'above' : 'fair';
}

/**
 * PUT /bookings/{id}/sold and PUT /sold/product/{id}: the final price (the phone's price when left
 * out), and the seller's confirmation that the phone is de-registered from their NID, which a phone
 * listed with its IMEI needs (docs/trust.md).
 */
export const soldRequestSchema = z.object({
  finalPrice: wholeTkSchema('final', MIN_RESALE_PRICE).optional(),
  deregistered: z.literal(true).optional(),
});
export type SoldRequest = z.input<typeof soldRequestSchema>;
