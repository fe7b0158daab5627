import type { QueryClient } from '@tanstack/react-query';
import { FairPriceChip } from '#client/pricing/FairPrice';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import type { Product } from '#shared/products';
import { productQueryOptions, useProduct } from './api/products';
import { useAuth } from '#client/accounts/AuthProvider';
import { Badge, MessageBadge } from '#client/components/Badge';
import { SellerLink } from '#client/components/SellerLink';
import { TrustBadges } from '#client/components/TrustBadges';
import { PhoneChecks } from './PhoneChecks';
import { BookingDialog } from '#client/deal/BookingDialog';
import { Gallery } from './Gallery';
import { ProductActions } from './ProductActions';
import { paths } from '#shared/paths';
import { Icon, iconPaths } from '#client/components/Icon';
import { Msg, useFormat, useLocale, useLocationText, useT, type MessageId } from '#client/i18n';
import { useCategoryName } from './categoryText';

export function productLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await queryClient.ensureQueryData(productQueryOptions(params.id ?? ''));
    return null;
  };
}

type Spec = Array<[label: MessageId, value: ReactNode]>;

/** A value the seller wrote, marked so it is never taken for a missing translation. */
const sellerWrote = (value: ReactNode, className?: string) => (
  <span className={className} data-user-text>
    {value}
  </span>
);

/** The specification table's rows; seller-written values are marked so they are never translated. */
function useSpecRows(product: Product, category: string): Spec {
  const t = useT();
  const format = useFormat();
  const locationText = useLocationText();
  const { locale } = useLocale();
  // The date part of an ISO timestamp, as the spec prints it in English.
  const postedOn = product.postedOn
    ? locale === 'en'
      ? product.postedOn.split('T')[0]
      : format.date(product.postedOn)
    : '';
  return [
    ['catalog.spec.brand', sellerWrote(product.brand)],
    ['catalog.spec.category', sellerWrote(category)],
    ['catalog.spec.postedOn', postedOn || t('catalog.product.notFound')],
    ['catalog.spec.originalPrice', format.price(product.originalPrice)],
    ['catalog.spec.resalePrice', format.price(product.resalePrice)],
    ['catalog.spec.purchaseYear', product.yearOfPurchase],
    ['catalog.spec.condition', t(`shared.condition.${product.productCondition}`)],
    [
      'catalog.spec.seller',
      <span key="seller" className="inline-flex flex-wrap items-center gap-2">
        <SellerLink seller={product} className="font-medium text-brand-700 hover:underline" />
      </span>,
    ],
    ['catalog.spec.sellerEmail', sellerWrote(product.sellerEmail)],
    ['catalog.spec.sellerMobile', sellerWrote(product.sellerMobile)],
    ['catalog.spec.location', sellerWrote(locationText(product.location))],
    ['catalog.spec.description', sellerWrote(product.description, 'whitespace-pre-line')],
  ];
}

export function ProductPage() {
  const { data: product } = useProduct(useParams().id ?? '');
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [booking, setBooking] = useState<Product | null>(null);
  const t = useT();
  const format = useFormat();
  const { localePath } = useLocale();
  const category = useCategoryName()(product.category_id, product.categoryName);
  const specRows = useSpecRows(product, category);

  const bookNow = () => {
    if (!user) {
      void navigate(paths.login, { state: { from: location } });
      return;
    }
    setBooking(product);
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <nav aria-label={t('catalog.product.breadcrumb')} className="mb-6 text-sm text-ink-500">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to={localePath(paths.home)} className="hover:text-ink-900">
              <Msg id="catalog.product.home" />
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={localePath(paths.category(product.category_id))} className="hover:text-ink-900" data-user-text>
              {category}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate font-medium text-ink-800" data-user-text>
            {product.productName}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-12">
        {/* min-w-0: a grid item is otherwise as wide as its content, and Swiper's row of slides has no end. */}
        <div className="min-w-0 lg:sticky lg:top-24 lg:self-start">
          <Gallery product={product} />
        </div>

        <div>
          <div className="flex flex-wrap items-center gap-2">
            <MessageBadge tone="brand" message="catalog.product.used" />
            <Badge>
              <Msg id={`shared.condition.${product.productCondition}`} />
            </Badge>
            <TrustBadges product={product} />
            {product.sellStatus ? (
              <MessageBadge tone="danger" message="catalog.product.sold" />
            ) : product.hidden ? (
              <MessageBadge tone="warning" message="catalog.product.notOnSale" />
            ) : product.reserved ? (
              <MessageBadge tone="info" message="catalog.product.reserved" />
            ) : (
              <MessageBadge tone="success" message="catalog.product.available" />
            )}
          </div>
          <h1 className="mt-3 text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl" data-user-text>
            {product.productName}
          </h1>
          <p className="mt-3 flex flex-wrap items-baseline gap-3">
            <span className="text-3xl font-bold text-brand-700">{format.price(product.resalePrice)}</span>
            <s className="text-ink-500">
              <span className="sr-only">
                <Msg id="catalog.product.originalPriceSr" />
              </span>
              {format.price(product.originalPrice)}
            </s>
          </p>
          {!product.sellStatus && (
            <FairPriceChip
              productName={product.productName}
              condition={product.productCondition}
              price={product.resalePrice}
            />
          )}
          {product.previousPrice !== null && product.previousPrice > product.resalePrice && (
            <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset">
              <Icon d={iconPaths.arrowDown} className="size-4" solid />
              <Msg id="catalog.product.priceDropped" values={{ price: format.price(product.previousPrice) }} />
            </p>
          )}

          <ProductActions product={product} onBook={bookNow} />
          <PhoneChecks product={product} />

          <div className="mt-8 overflow-hidden rounded-card border border-ink-200 bg-white shadow-card">
            {/* Explicit roles: the rows stack on phones, and a CSS display change drops a table's built-in ones. */}
            <table role="table" className="w-full text-left text-sm">
              <caption className="border-b border-ink-100 px-5 py-4 text-left text-base font-semibold text-ink-900">
                <Msg id="catalog.product.specification" />
              </caption>
              <tbody role="rowgroup" className="divide-y divide-ink-100">
                {specRows.map(([label, value]) => (
                  <tr key={label} role="row" className="flex flex-col gap-0.5 px-5 py-3 sm:table-row sm:p-0">
                    <th
                      scope="row"
                      role="rowheader"
                      className="font-medium text-ink-500 sm:w-44 sm:px-5 sm:py-3 sm:align-top"
                    >
                      <Msg id={label} />
                    </th>
                    <td role="cell" className="break-words text-ink-900 sm:px-5 sm:py-3">
                      {value}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>

      <BookingDialog product={booking} onClose={() => setBooking(null)} />
    </div>
  );
}
