import type { Product } from '#shared/products';
import { useFormat } from '#client/i18n';

/** How long each photo of the banner shows (the spec's timing). */
export const AUTOPLAY_DELAY_MS = 3000;

/** One slide of the home banner: the phone's photo with its name and price over it. */
export function PhoneSlide({ phone, first }: { phone: Product; first: boolean }) {
  const format = useFormat();
  return (
    <figure className="relative aspect-[4/3] overflow-hidden rounded-card bg-ink-900">
      <img
        src={phone.productImg}
        alt={phone.productName}
        data-user-text
        className="size-full object-cover"
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
      />
      <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink-950/85 to-transparent px-5 pt-12 pb-9 text-white">
        <span className="line-clamp-2 block text-lg font-semibold wrap-anywhere" data-user-text>
          {phone.productName}
        </span>
        <span className="text-sm text-brand-100">{format.price(phone.resalePrice)}</span>
      </figcaption>
    </figure>
  );
}
