import { toLatinDigits } from '#shared/i18n/digits';
import { ratePrice, type FairPrice, type PriceRating } from '#shared/fair-price';
import { type BadgeTone, MessageBadge } from '#client/components/Badge';
import { Msg, useT } from '#client/i18n';
import { useFairPrice } from './api/fairPrice';

/** A typed price ("52,000", "৫২০০০") as a number, or undefined while it is not one. */
const typedPrice = (text: string | undefined) => {
  const digits = toLatinDigits(text ?? '').replace(/[,\s]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
};

/** "Phones like this sold for 52000Tk-58500Tk; yours is 18% above" (or asked, for asking prices). */
function useFairPriceSentence() {
  const t = useT();
  return (fair: FairPrice, price?: number): string => {
    if (fair.source === 'none' || fair.low === null || fair.high === null || fair.median === null) {
      return t('pricing.fair.none');
    }
    const range = { lowPrice: fair.low, highPrice: fair.high };
    const head = t(fair.source === 'sales' ? 'pricing.fair.sold' : 'pricing.fair.asked', range);
    if (price === undefined || !Number.isFinite(price) || price <= 0) return head;
    const percent = Math.round(((price - fair.median) / fair.median) * 100);
    if (percent === 0) return t('pricing.fair.middle', { head });
    return t(percent > 0 ? 'pricing.fair.above' : 'pricing.fair.below', { head, percent: Math.abs(percent) });
  };
}

/** On the listing form, once model and condition are chosen: what phones like it sold for. */
export function FairPriceHint({
  productName,
  condition,
  price,
}: {
  productName: string;
  condition: string;
  price?: string;
}) {
  const { data } = useFairPrice(productName, condition);
  const sentence = useFairPriceSentence();
  if (!data) return null;
  return (
    <p
      role="status"
      className="rounded-card border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-ink-700 sm:col-span-2"
    >
      {sentence(data, typedPrice(price))}
      {data.source === 'asking' && <Msg id="pricing.fair.askingNote" />}
    </p>
  );
}

const TONES: Record<PriceRating, BadgeTone> = { good: 'success', fair: 'info', above: 'warning' };

/** On the product page: how its price compares with what such phones sold for (or are asked). */
export function FairPriceChip({
  productName,
  condition,
  price,
}: {
  productName: string;
  condition: string;
  price: number;
}) {
  const { data } = useFairPrice(productName, condition);
  const sentence = useFairPriceSentence();
  const rating = data ? ratePrice(price, data) : null;
  if (!data || !rating) return null;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-600">
      <MessageBadge tone={TONES[rating]} message={`pricing.rating.${rating}`} />
      <span>{sentence(data)}</span>
    </p>
  );
}
