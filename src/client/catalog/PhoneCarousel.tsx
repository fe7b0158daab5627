import { useState } from 'react';
import { Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Product } from '#shared/products';
import { AUTOPLAY_DELAY_MS, PhoneSlide } from './PhoneSlide';

/**
 * The banner's carousel, with the spec's timing and spacing. Its own chunk, loaded when Banner wants
 * it; until then the banner shows the first slide alone (PhoneSlide).
 */
export default function PhoneCarousel({ phones, firstDelay }: { phones: readonly Product[]; firstDelay: number }) {
  // The first photo has been on screen alone: it moves on when its time is over, then every photo gets the full delay.
  const [firstShown, setFirstShown] = useState(false);
  return (
    <Swiper
      className="phone-swiper rounded-card"
      modules={[Autoplay, Navigation, Pagination]}
      autoplay={{ delay: AUTOPLAY_DELAY_MS, disableOnInteraction: false }}
      pagination={{ clickable: true }}
      navigation
      spaceBetween={30}
      loop={phones.length > 1}
      onSlideChange={() => setFirstShown(true)}
    >
      {phones.map((phone, index) => (
        <SwiperSlide key={phone._id} data-swiper-autoplay={index === 0 && !firstShown ? firstDelay : undefined}>
          <PhoneSlide phone={phone} first={index === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
