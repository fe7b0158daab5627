import { useRef, useState } from 'react';
import type { Swiper as SwiperClass } from 'swiper';
import { A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import type { Product } from '#shared/products';
import { cx } from '#client/components/cx';
import { Icon, iconPaths } from '#client/components/Icon';
import { Lightbox } from './Lightbox';
import { Msg, useT } from '#client/i18n';

export interface GalleryPhoto {
  url: string;
  thumb: string;
  alt: string;
}

/** The listing's photos, the cover first, each with alt text naming the phone. */
function galleryPhotos(product: Product, t: ReturnType<typeof useT>): GalleryPhoto[] {
  // A product from before photos were listed has only its cover.
  const photos =
    product.photos.length > 0 ? product.photos : [{ url: product.productImg, thumb: product.productThumb }];
  return photos.map((photo, index) => ({
    url: photo.url,
    thumb: photo.thumb || photo.url,
    alt:
      index === 0
        ? product.productName
        : t('catalog.gallery.photoAlt', { name: product.productName, index: index + 1, count: photos.length }),
  }));
}

/**
 * The product page's photos: the cover large, swiped on a touch screen (Swiper), thumbnails below
 * to jump to any photo, and a full-screen view. Swiper's tap (not a drag) opens the full-screen view
 * too; the keyboard uses the thumbnails and the full-screen button.
 */
export function Gallery({ product }: { product: Product }) {
  const t = useT();
  const photos = galleryPhotos(product, t);
  const [active, setActive] = useState(0);
  const [swiper, setSwiper] = useState<SwiperClass | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const several = photos.length > 1;

  function show(index: number) {
    setActive(index);
    swiper?.slideTo(index);
  }

  return (
    <div>
      <div className="relative overflow-hidden rounded-card border border-ink-200 bg-white shadow-card">
        <Swiper
          modules={[A11y]}
          a11y={{
            containerRoleDescriptionMessage: t('catalog.gallery.roleDescription'),
            // Swiper fills in its own {{placeholders}}.
            slideLabelMessage: t('catalog.gallery.slideLabel', { index: '{{index}}', count: '{{slidesLength}}' }),
          }}
          onSwiper={setSwiper}
          onSlideChange={(instance) => setActive(instance.activeIndex)}
          onClick={() => setFullScreen(true)}
          allowTouchMove={several}
          className="product-gallery"
        >
          {photos.map((photo, index) => (
            <SwiperSlide key={photo.url}>
              <img
                src={photo.url}
                alt={photo.alt}
                // The cover's text is the seller's phone name alone.
                data-user-text={index === 0 || undefined}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                draggable={false}
                className="aspect-[4/3] w-full cursor-zoom-in bg-ink-100 object-cover select-none"
              />
            </SwiperSlide>
          ))}
        </Swiper>
        {several && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute bottom-3 left-3 z-10 rounded-full bg-ink-950/65 px-2.5 py-1 text-xs font-semibold text-white tabular-nums"
          >
            <Msg id="catalog.gallery.counter" values={{ index: active + 1, count: photos.length }} />
          </span>
        )}
        <button
          ref={opener}
          type="button"
          onClick={() => setFullScreen(true)}
          className="absolute right-3 bottom-3 z-10 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-ink-800 shadow-card transition-colors hover:bg-white"
        >
          <Icon d={iconPaths.fullScreen} />
          <span className="sr-only">
            <Msg id="catalog.gallery.fullScreen" />
          </span>
        </button>
      </div>

      {several && (
        <ul aria-label={t('catalog.gallery.thumbs')} className="mt-3 grid grid-cols-6 gap-2">
          {photos.map((photo, index) => (
            <li key={photo.url}>
              <button
                type="button"
                onClick={() => show(index)}
                aria-current={index === active ? 'true' : undefined}
                className={cx(
                  'block w-full overflow-hidden rounded-lg ring-offset-2 transition',
                  index === active ? 'ring-2 ring-brand-600' : 'opacity-75 ring-1 ring-ink-200 hover:opacity-100',
                )}
              >
                <img src={photo.thumb} alt="" loading="lazy" className="aspect-square w-full bg-ink-100 object-cover" />
                <span className="sr-only">
                  <Msg id="catalog.gallery.showPhoto" values={{ index: index + 1, count: photos.length }} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <Lightbox
        open={fullScreen}
        photos={photos}
        index={active}
        onIndex={show}
        onClose={() => setFullScreen(false)}
        returnFocusTo={opener}
        title={product.productName}
      />
    </div>
  );
}
