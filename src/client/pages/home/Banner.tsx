import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useBannerPhones } from '../../api/products';
import { sellerRoleQueryOptions } from '../../api/roles';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../../shared/paths';
import { PhoneSlide } from './PhoneSlide';

/** Swiper and its styles, loaded alongside the banner's data (see homeLoader). */
export const loadPhoneCarousel = () => import('./PhoneCarousel');
const PhoneCarousel = lazy(loadPhoneCarousel);

/** The home carousel of the newest listings' photos (PhoneCarousel). */
export function Banner() {
  const { data: phones = [], isPending } = useBannerPhones();
  const { user } = useAuth();
  const { data: sellerCheck } = useQuery(sellerRoleQueryOptions(user?.email ?? ''));
  // Guests sign up first; a seller goes straight to the form; anyone else signed in, to the dashboard.
  const sellTarget = !user ? paths.register : sellerCheck?.isSeller ? paths.addProduct : paths.dashboard;

  return (
    <section aria-label="Newest phones" className="bg-gradient-to-b from-brand-900 to-brand-800">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_1.2fr] lg:px-8 lg:py-14">
        <div className="text-white">
          <p className="mb-3 inline-flex rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-100 uppercase">
            Bangladesh&apos;s used phone market
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl lg:text-5xl">
            Buy and sell second-hand phones with people you can trust
          </h1>
          <p className="mt-4 max-w-lg text-base text-brand-100 sm:text-lg">
            Every listing shows the seller, the condition and the price in Tk. Book a phone, meet the seller and check
            it in person.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a
              href="#categories"
              className="inline-flex h-12 items-center rounded-control bg-white px-6 font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
            >
              Browse phones
            </a>
            <Link
              to={sellTarget}
              className="inline-flex h-12 items-center rounded-control border border-white/30 px-6 font-semibold text-white hover:bg-white/10"
            >
              Sell your phone
            </Link>
          </div>
        </div>

        <div className="min-w-0">
          {isPending ? (
            <div className="aspect-[4/3] animate-pulse rounded-card bg-white/10" aria-hidden="true" />
          ) : phones.length === 0 ? (
            <div className="flex aspect-[4/3] items-center justify-center rounded-card bg-white/10 p-6 text-center text-brand-100">
              New phones appear here as soon as sellers list them.
            </div>
          ) : (
            // The first photo shows at once; the carousel takes its place when Swiper has loaded.
            <Suspense fallback={<PhoneSlide phone={phones[0]!} first />}>
              <PhoneCarousel phones={phones} />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
