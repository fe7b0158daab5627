import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { categoriesQueryOptions } from './api/categories';
import { advertisedProductsQueryOptions, bannerPhonesQueryOptions } from './api/products';
import { AdvertisedSection } from './AdvertisedSection';
import { Banner } from './Banner';
import { CategoryGrid } from './CategoryGrid';

// Below the fold, with Swiper: loaded when the visitor scrolls near it (WhenNear).
const Testimonials = lazy(async () => ({ default: (await import('./Testimonials')).Testimonials }));

/** Renders its children once the spot they take is less than a screen or so away; a space of about their height until then. */
function WhenNear({ children }: { children: ReactNode }) {
  const [near, setNear] = useState(false);
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = spot.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: '600px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={spot} className="min-h-96" />;
}

/**
 * Waits for the categories (the page's skeleton) and starts the banner and advertised lists alongside.
 */
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
      <WhenNear>
        <Suspense fallback={<div className="min-h-96" />}>
          <Testimonials />
        </Suspense>
      </WhenNear>
    </>
  );
}
