import type { Product } from '#shared/products';
import { MessageBadge } from './Badge';
import { ButtonLink } from './Button';
import { cx } from './cx';
import { SellerLink } from './SellerLink';
import { TrustBadges } from './TrustBadges';
import { paths } from '#shared/paths';
import { Msg, useFormat, useLocale, useLocationText, useT } from '#client/i18n';

interface ProductCardProps {
  product: Product;
  /** Adds the condition, location and seller lines (category pages, where buyers compare). */
  detailed?: boolean;
  /** In the first screenful: its photo loads at once instead of waiting to be scrolled to. */
  aboveTheFold?: boolean;
}

/** One listing in a grid: photo, name, the Used badge, the price and a Details link. */
export function ProductCard({ product, detailed = false, aboveTheFold = false }: ProductCardProps) {
  const t = useT();
  const format = useFormat();
  const locationText = useLocationText();
  const { localePath } = useLocale();
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-card border border-ink-200 bg-white shadow-card transition-shadow hover:shadow-raised">
      <div className="relative aspect-[4/3] overflow-hidden bg-ink-100">
        <img
          src={product.productThumb || product.productImg}
          alt={product.productName}
          data-user-text
          loading={aboveTheFold ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {product.sellStatus ? (
          <MessageBadge tone="danger" className="absolute top-3 left-3" message="components.productCard.sold" />
        ) : (
          product.reserved && (
            <MessageBadge tone="info" className="absolute top-3 left-3" message="components.productCard.reserved" />
          )
        )}
      </div>
      {/* The last row takes the spare height, so Details lines up along the bottom of a grid of cards. */}
      <div
        className={cx(
          'grid flex-1 grid-cols-[minmax(0,1fr)_auto] items-start gap-3 p-4',
          detailed ? 'grid-rows-[auto_auto_auto_auto_1fr]' : 'grid-rows-[auto_auto_auto_1fr]',
        )}
      >
        <h3 className="line-clamp-2 text-base font-semibold wrap-anywhere" data-user-text>
          {product.productName}
        </h3>
        <MessageBadge tone="brand" message="components.productCard.used" />
        <p className="col-span-2 text-lg font-bold text-ink-900">
          <Msg id="components.productCard.price" values={{ price: format.price(product.resalePrice) }} />
        </p>
        <TrustBadges product={product} className="col-span-2" />
        {detailed && (
          <dl className="col-span-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-ink-600">
            <dt className="sr-only">
              <Msg id="components.productCard.condition" />
            </dt>
            <dd>
              <Msg
                id="components.productCard.conditionValue"
                values={{ condition: t(`shared.condition.${product.productCondition}`) }}
              />
            </dd>
            <dt className="sr-only">
              <Msg id="components.productCard.location" />
            </dt>
            <dd className="truncate text-right" data-user-text>
              {locationText(product.location)}
            </dd>
            <dt className="sr-only">
              <Msg id="components.productCard.seller" />
            </dt>
            <dd className="col-span-2 flex items-center gap-2 truncate">
              <SellerLink seller={product} className="truncate hover:text-brand-700 hover:underline" />
            </dd>
          </dl>
        )}
        <ButtonLink
          to={localePath(paths.product(product._id))}
          className="col-span-2 w-full self-end"
          aria-label={t('components.productCard.detailsOf', { name: product.productName })}
        >
          <Msg id="components.productCard.details" />
        </ButtonLink>
      </div>
    </article>
  );
}
