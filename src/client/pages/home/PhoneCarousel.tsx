import { Autoplay, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import type { Product } from '../../../shared/products';
import { PhoneSlide } from './PhoneSlide';

/**
 * The banner's carousel, with the spec's timing and spacing. Its own chunk: Swiper is not in the
 * first download, and until it arrives the banner shows the first slide alone (PhoneSlide).
 */
export default function PhoneCarousel({ phones }: { phones: Product[] }) {
  return (
    <Swiper
      className="phone-swiper rounded-card"
      modules={[Autoplay, Navigation, Pagination]}
      autoplay={{ delay: 3000, disableOnInteraction: false }}
      pagination={{ clickable: true }}
      navigation
      spaceBetween={30}
      loop={phones.length > 1}
    >
      {phones.map((phone, index) => (
        <SwiperSlide key={phone._id}>
          <PhoneSlide phone={phone} first={index === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
