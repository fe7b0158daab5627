import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
// Swiper's styles come with the page: the banner's stand-in (CarouselStandIn) looks like the carousel from the first paint.
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import type { Product } from '#shared/products';
import { useBannerPhones } from './api/products';
import { sellerRoleQueryOptions } from '#client/accounts/api/roles';
import { useAuth } from '#client/accounts/AuthProvider';
import { paths } from '#shared/paths';
import { cx } from '#client/components/cx';
import { PhoneSlide } from './PhoneSlide';
import { Msg, useT } from '#client/i18n';
import { useShownProducts } from '#client/chat/api/chat';

import { AUTOPLAY_DELAY_MS } from './PhoneSlide';

const PhoneCarousel = lazy(() => import('./PhoneCarousel'));
/** Swiper is not needed before the first photo is due to move on, unless the visitor reaches for the banner first. */
const CAROUSEL_LOAD_MS = AUTOPLAY_DELAY_MS - 500;

/**
 * The first photo shows alone, as the carousel's first slide looks, until the carousel is needed:
 * shortly before its first step is due, or as soon as the pointer, a finger or the keyboard reaches
 * it. Swiper (its code and its work at start) stays out of the page's first seconds.
 */
function useCarouselWanted(shown: boolean) {
  // How long the first photo still has to show when the carousel takes over; null until it is wanted.
  const [firstDelay, setFirstDelay] = useState<number | null>(null);
  const shownAt = useRef<number | null>(null);
  const wanted = firstDelay !== null;
  useEffect(() => {
    if (!shown || wanted) return;
    shownAt.current ??= performance.now();
    const timer = setTimeout(() => setFirstDelay(AUTOPLAY_DELAY_MS - CAROUSEL_LOAD_MS), CAROUSEL_LOAD_MS);
    return () => clearTimeout(timer);
  }, [shown, wanted]);
  const want = () => {
    if (wanted) return;
    const since = shownAt.current === null ? 0 : performance.now() - shownAt.current;
    setFirstDelay(Math.round(Math.max(0, AUTOPLAY_DELAY_MS - since)));
  };
  return { wanted, firstDelay: firstDelay ?? AUTOPLAY_DELAY_MS, want };
}

const ARROW_PATH =
  'M0.38296 20.0762C0.111788 19.805 0.111788 19.3654 0.38296 19.0942L9.19758 10.2796L0.38296 1.46497C0.111788 1.19379 0.111788 0.754138 0.38296 0.482966C0.654131 0.211794 1.09379 0.211794 1.36496 0.482966L10.4341 9.55214C10.8359 9.9539 10.8359 10.6053 10.4341 11.007L1.36496 20.0762C1.09379 20.3474 0.654131 20.3474 0.38296 20.0762Z';

/** The carousel as Swiper draws it on its first slide (the same elements and classes), without Swiper. */
function CarouselStandIn({ phones }: { phones: readonly Product[] }) {
  const arrow = cx(phones.length < 2 && 'swiper-button-disabled');
  return (
    <div className="swiper swiper-initialized swiper-horizontal phone-swiper rounded-card swiper-backface-hidden">
      <div className="swiper-wrapper">
        <div className="swiper-slide swiper-slide-active">
          <PhoneSlide phone={phones[0]!} first />
        </div>
      </div>
      {['swiper-button-prev', 'swiper-button-next'].map((button) => (
        <div key={button} className={cx(button, arrow)} aria-hidden="true">
          <svg
            className="swiper-navigation-icon"
            width="11"
            height="20"
            viewBox="0 0.28 11 20"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
          >
            <path d={ARROW_PATH} fill="currentColor" />
          </svg>
        </div>
      ))}
      <div
        className="swiper-pagination swiper-pagination-clickable swiper-pagination-bullets swiper-pagination-horizontal"
        aria-hidden="true"
      >
        {phones.map((phone, index) => (
          <span
            key={phone._id}
            className={cx('swiper-pagination-bullet', index === 0 && 'swiper-pagination-bullet-active')}
          />
        ))}
      </div>
    </div>
  );
}

/** The home carousel of the newest listings' photos (PhoneCarousel). */
export function Banner() {
  const newest = useBannerPhones();
  const phones = useShownProducts(newest.data ?? []);
  const { user, loading } = useAuth();
  const { data: sellerCheck } = useQuery(sellerRoleQueryOptions(user?.email ?? ''));
  // Guests sign up first; a seller goes straight to the form; every other account can start selling.
  // While the session is still being checked it is Start selling, which sends a guest to log in.
  const sellTarget = !user && !loading ? paths.register : sellerCheck?.isSeller ? paths.addProduct : paths.startSelling;
  const carousel = useCarouselWanted(phones.length > 0);
  const t = useT();

  return (
    <section aria-label={t('catalog.banner.label')} className="bg-gradient-to-b from-brand-900 to-brand-800">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_1.2fr] lg:px-8 lg:py-14">
        <div className="text-white">
          <p className="mb-3 inline-flex rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-100 uppercase">
            <Msg id="catalog.banner.kicker" />
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl lg:text-5xl">
            <Msg id="catalog.banner.title" />
          </h1>
          <p className="mt-4 max-w-lg text-base text-brand-100 sm:text-lg">
            <Msg id="catalog.banner.lead" />
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a
              href="#categories"
              className="inline-flex h-12 items-center rounded-control bg-white px-6 font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
            >
              <Msg id="catalog.banner.browse" />
            </a>
            <Link
              to={sellTarget}
              className="inline-flex h-12 items-center rounded-control border border-white/30 px-6 font-semibold text-white hover:bg-white/10"
            >
              <Msg id="catalog.banner.sell" />
            </Link>
          </div>
        </div>

        <div className="min-w-0" onPointerEnter={carousel.want} onTouchStart={carousel.want} onFocus={carousel.want}>
          {newest.isPending ? (
            <div className="aspect-[4/3] animate-pulse rounded-card bg-white/10" aria-hidden="true" />
          ) : phones.length === 0 ? (
            <div className="flex aspect-[4/3] items-center justify-center rounded-card bg-white/10 p-6 text-center text-brand-100">
              <Msg id="catalog.banner.empty" />
            </div>
          ) : !carousel.wanted ? (
            <CarouselStandIn phones={phones} />
          ) : (
            <Suspense fallback={<CarouselStandIn phones={phones} />}>
              <PhoneCarousel phones={phones} firstDelay={carousel.firstDelay} />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
