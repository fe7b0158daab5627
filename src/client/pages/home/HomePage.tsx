import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryOptions } from '../../api/categories';
import { advertisedProductsQueryOptions, bannerPhonesQueryOptions } from '../../api/products';
import { AdvertisedSection } from './AdvertisedSection';
import { Banner } from './Banner';
import { CategoryGrid } from './CategoryGrid';
import { Testimonials } from './Testimonials';

/** Waits for the categories (the page's skeleton) and starts the banner and advertised lists alongside. */
export function homeLoader(queryClient: QueryClient) {
  return async () => {
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
      <Testimonials />
    </>
  );
}
