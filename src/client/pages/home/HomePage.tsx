import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { categoriesQueryOptions } from '../../api/categories';
import { advertisedProductsQueryOptions, bannerPhonesQueryOptions } from '../../api/products';
import { AdvertisedSection } from './AdvertisedSection';
import { Banner, loadPhoneCarousel } from './Banner';
import { CategoryGrid } from './CategoryGrid';

// Below the fold, with Swiper: not in the first download.
const Testimonials = lazy(async () => ({ default: (await import('./Testimonials')).Testimonials }));

/**
 * Waits for the categories (the page's skeleton) and starts the banner and advertised lists, and the
 * banner's carousel code, alongside.
 */
export function homeLoader(queryClient: QueryClient) {
  return async () => {
    void loadPhoneCarousel();
    void queryClient.prefetchQuery(bannerPhonesQueryOptions());
    void queryClient.prefetchQuery(advertisedProductsQueryOptions());
    await queryClient.ensureQueryData(categoriesQueryOptions());
    return null;
  };
}

export function HomePage() {
  return (
    <>
      <Banner />
      <CategoryGrid />
      <AdvertisedSection />
      <Suspense fallback={null}>
        <Testimonials />
      </Suspense>
    </>
  );
}
