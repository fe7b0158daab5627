import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Section } from '#client/components/Section';
import { useT } from '#client/i18n';

// Sample voices: the spec's testimonial carousel holds placeholder text with sample names.
const TESTIMONIALS = ['rafiq', 'nusrat', 'tanvir', 'sadia'] as const;

export function Testimonials() {
  const t = useT();
  return (
    <Section title={t('catalog.testimonials.title')} lead={t('catalog.testimonials.lead')}>
      <Swiper
        className="phone-swiper !pb-12"
        modules={[Autoplay, Pagination]}
        autoplay={{ delay: 5000, disableOnInteraction: false }}
        pagination={{ clickable: true }}
        spaceBetween={24}
        breakpoints={{ 768: { slidesPerView: 2 }, 1280: { slidesPerView: 3 } }}
      >
        {TESTIMONIALS.map((who) => {
          const name = t(`catalog.testimonials.${who}.name`);
          return (
            <SwiperSlide key={who} className="!h-auto">
              <figure className="flex h-full flex-col rounded-card border border-ink-200 bg-white p-6 shadow-card">
                <svg viewBox="0 0 24 24" className="mb-4 size-7 text-brand-400" fill="currentColor" aria-hidden="true">
                  <path d="M9.5 6C6.5 6 4 8.5 4 11.5V18h6v-6H7c0-1.7 1.3-3 3-3V6h-.5Zm10 0c-3 0-5.5 2.5-5.5 5.5V18h6v-6h-3c0-1.7 1.3-3 3-3V6h-.5Z" />
                </svg>
                <blockquote className="flex-1 text-ink-700">{t(`catalog.testimonials.${who}.quote`)}</blockquote>
                <figcaption className="mt-5 flex items-center gap-3">
                  <span
                    className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
                    aria-hidden="true"
                  >
                    {name.charAt(0)}
                  </span>
                  <span>
                    <span className="block font-semibold text-ink-900">{name}</span>
                    <span className="text-sm text-ink-500">{t(`catalog.testimonials.${who}.city`)}</span>
                  </span>
                </figcaption>
              </figure>
            </SwiperSlide>
          );
        })}
      </Swiper>
    </Section>
  );
}
