import { toLatinDigits } from '#shared/i18n/digits';
import { fairPriceSentence, ratePrice, RATING_LABELS, type PriceRating } from '#shared/fair-price';
import { Badge, type BadgeTone } from '#client/components/Badge';
import { useFairPrice } from './api/fairPrice';

/** A typed price ("52,000", "৫২০০০") as a number, or undefined while it is not one. */
const typedPrice = (text: string | undefined) => {
  const digits = toLatinDigits(text ?? '').replace(/[,\s]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
};

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
  if (!data) return null;
  return (
    <p
      role="status"
      className="rounded-card border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-ink-700 sm:col-span-2"
    >
      {fairPriceSentence(data, typedPrice(price))}
      {data.source === 'asking' && ' (asking prices: no sales to go by yet)'}
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
  const rating = data ? ratePrice(price, data) : null;
  if (!data || !rating) return null;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-600">
      <Badge tone={TONES[rating]}>{RATING_LABELS[rating]}</Badge>
      <span>{fairPriceSentence(data)}</span>
    </p>
  );
}
