import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import type { Review, SellerProfile } from '#shared/reviews';
import { useAuth } from '#client/accounts/AuthProvider';
import { Avatar } from '#client/components/Avatar';
import { VerifiedBadge } from '#client/components/Badge';
import { Button } from '#client/components/Button';
import { EmptyState } from '#client/components/EmptyState';
import { FormError } from '#client/components/FormField';
import type { ApiPage } from '#client/api/http';
import type { Product } from '#shared/products';
import { ProductCard } from '#client/components/ProductCard';
import { UserText } from '#client/components/UserText';
import { useT } from '#client/i18n';
import { ReportSellerButton } from '#client/moderation/ReportSellerButton';
import { sellerPhonesQueryOptions, sellerQueryOptions, sellerReviewsQueryOptions, useSellerList } from './api/reviews';
import { ReportReviewDialog } from './ReportReviewDialog';
import { ReviewCard } from './ReviewCard';
import { STAR_LABELS } from './starLabels';
import { Stars } from './Stars';

/** The seller (404 for anyone who does not sell), their newest reviews and phones, read together. */
export function sellerLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const id = params.id ?? '';
    await Promise.all([
      queryClient.ensureQueryData(sellerQueryOptions(id)),
      queryClient.ensureQueryData(sellerReviewsQueryOptions(id)),
      queryClient.ensureQueryData(sellerPhonesQueryOptions(id)),
    ]);
    return null;
  };
}

/** A seller's public page: who they are, what buyers said after a sale, and their phones for sale. */
export function SellerPage() {
  const id = useParams().id ?? '';
  const { data: seller } = useSuspenseQuery(sellerQueryOptions(id));
  const { data: reviews } = useSuspenseQuery(sellerReviewsQueryOptions(id));
  const { data: phones } = useSuspenseQuery(sellerPhonesQueryOptions(id));
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <SellerHeader seller={seller} />
      <section aria-labelledby="seller-reviews" className="space-y-4">
        <h2 id="seller-reviews" className="text-xl font-semibold">
          {t('reviews.seller.reviews')}
        </h2>
        {reviews.items.length === 0 ? (
          <EmptyState title={t('reviews.seller.noReviews')} description={t('reviews.seller.noReviewsText')} />
        ) : (
          <ReviewList sellerId={id} first={reviews} />
        )}
      </section>
      <section aria-labelledby="seller-phones" className="space-y-4">
        <h2 id="seller-phones" className="text-xl font-semibold">
          {t('reviews.seller.phones')}
        </h2>
        {phones.items.length === 0 ? (
          <EmptyState
            title={t('reviews.seller.noPhones')}
            description={t('reviews.seller.noPhonesText', { name: seller.name })}
          />
        ) : (
          <PhoneGrid sellerId={id} first={phones} />
        )}
      </section>
    </div>
  );
}

function SellerHeader({ seller }: { seller: SellerProfile }) {
  const t = useT();
  return (
    <header className="grid gap-6 rounded-card border border-ink-200 bg-white p-6 shadow-card md:grid-cols-[minmax(0,1fr)_auto]">
      <div className="flex items-center gap-4">
        <Avatar name={seller.name} src={seller.photoURL} className="size-20 text-3xl" />
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight wrap-anywhere">
            <UserText>{seller.name}</UserText>
            {seller.verified && <VerifiedBadge />}
          </h1>
          <p className="mt-1 text-sm text-ink-600">
            {t('reviews.seller.memberSince', { date: new Date(seller.memberSince) })}
          </p>
          <p className="text-sm text-ink-600">{t('reviews.seller.sold', { count: seller.soldDeals })}</p>
          <ReportSellerButton sellerId={seller._id} name={seller.name} />
        </div>
      </div>
      <div className="text-sm">
        {seller.averages ? (
          <>
            <p className="font-semibold text-ink-900">
              {t('reviews.seller.reviewCount', { count: seller.reviewCount })}
            </p>
            <dl className="mt-2 space-y-1">
              {(['asDescribed', 'communication', 'punctuality'] as const).map((name) => (
                <div key={name} className="flex items-center justify-between gap-4">
                  <dt className="text-ink-600">{t(STAR_LABELS[name])}</dt>
                  <dd className="flex items-center gap-2 tabular-nums">
                    <Stars value={seller.averages![name]} />
                    {t('reviews.seller.average', { value: seller.averages![name] })}
                  </dd>
                </div>
              ))}
            </dl>
          </>
        ) : (
          <p className="font-semibold text-ink-700">{t('reviews.seller.noReviews')}</p>
        )}
      </div>
    </header>
  );
}

/** "More reviews" / "More phones": the next page of a seller's list, and what went wrong reading it. */
function MoreButton({ list, label }: { list: ReturnType<typeof useSellerList>; label: string }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-2">
      <FormError message={list.error?.message} />
      {list.hasMore && (
        <Button variant="secondary" loading={list.loading} onClick={list.more}>
          {label}
        </Button>
      )}
      <p className="text-sm text-ink-500">
        {t('reviews.seller.showing', { shown: list.items.length, total: list.total })}
      </p>
    </div>
  );
}

function ReviewList({ sellerId, first }: { sellerId: string; first: ApiPage<Review[]> }) {
  const { user } = useAuth();
  const [reporting, setReporting] = useState<string | null>(null);
  const t = useT();
  const list = useSellerList<Review>('reviews', sellerId, first);
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        {list.items.map((review) => (
          <ReviewCard
            key={review._id}
            review={review}
            actions={
              user && (
                <Button size="sm" variant="secondary" onClick={() => setReporting(review._id)}>
                  {t('reviews.seller.report')}
                </Button>
              )
            }
          />
        ))}
      </div>
      <MoreButton list={list} label={t('reviews.seller.moreReviews')} />
      <ReportReviewDialog reviewId={reporting} onClose={() => setReporting(null)} />
    </>
  );
}

function PhoneGrid({ sellerId, first }: { sellerId: string; first: ApiPage<Product[]> }) {
  const list = useSellerList<Product>('phones', sellerId, first);
  const t = useT();
  return (
    <>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {list.items.map((product) => (
          <ProductCard key={product._id} product={product} />
        ))}
      </div>
      <MoreButton list={list} label={t('reviews.seller.morePhones')} />
    </>
  );
}
