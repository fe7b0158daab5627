import type { Kysely } from 'kysely';
import type { ReviewReason } from '#shared/trust';
import type { Database } from '#server/db/schema';
import { AppError } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';
import type { StoredImei } from './imei';
import { modelPrices, unsoldWithImei } from './repository';

/** The price rule looks at a model only where this many of its phones are for sale. */
export const MODEL_PRICES_NEEDED = 5;

export const median = (prices: number[]): number => {
  const sorted = [...prices].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

export const listedAlready = () =>
  new AppError('ALREADY_EXISTS', serverMessage('server.trust.error.listedAlready'), {
    imei: serverMessage('server.trust.error.imeiListedAlready'),
  });

/** What a save asks the rules about: the IMEIs given (checked when new), and the price (when it went down). */
export interface Assessed {
  productId?: string;
  sellerId: string;
  imeis: StoredImei[];
  modelKey: string;
  price: number | undefined;
}

/**
 * Why a listing must wait for the admin (docs/trust.md): its IMEI is on another seller's unsold
 * listing, or its price is below half the median of at least five of the same model for sale. The
 * same seller's own copy is refused outright (the unique index holds it under concurrency too).
 */
export async function reviewReasons(
  trx: Kysely<Database>,
  assessed: Assessed,
): Promise<{ reasons: ReviewReason[]; median: number | null }> {
  const reasons: ReviewReason[] = [];
  if (assessed.imeis.length > 0) {
    const others = await unsoldWithImei(trx, assessed.imeis, assessed.productId);
    if (others.some((other) => other.seller_id === assessed.sellerId)) throw listedAlready();
    if (others.length > 0) reasons.push('imei');
  }
  let modelMedian: number | null = null;
  if (assessed.price !== undefined) {
    const prices = await modelPrices(trx, assessed.modelKey, assessed.productId);
    if (prices.length >= MODEL_PRICES_NEEDED) {
      modelMedian = median(prices);
      if (assessed.price < modelMedian / 2) reasons.push('price');
    }
  }
  return { reasons, median: reasons.includes('price') ? modelMedian : null };
}
