import type { RefObject } from 'react';
import { Dialog } from '#client/components/Dialog';
import { Icon, iconPaths } from '#client/components/Icon';
import type { GalleryPhoto } from './Gallery';
import { Msg, useT } from '#client/i18n';

interface LightboxProps {
  open: boolean;
  photos: GalleryPhoto[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** Where focus goes back to when the view closes (the gallery's full-screen button). */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** The phone's name, naming the dialog. */
  title: string;
}

const arrowButton =
  'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white backdrop-blur transition-colors hover:bg-white/30';

/** The photos full screen; focus goes back to the gallery, and the arrow keys move between photos. */
export function Lightbox({ open, photos, index, onIndex, onClose, returnFocusTo, title }: LightboxProps) {
  const t = useT();
  const photo = photos[index] ?? photos[0];
  const several = photos.length > 1;
  const previous = () => onIndex((index - 1 + photos.length) % photos.length);
  const next = () => onIndex((index + 1) % photos.length);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      aria-label={t('catalog.lightbox.label', { title })}
      onKeyDown={(event) => {
        if (!several) return;
        if (event.key === 'ArrowLeft') previous();
        else if (event.key === 'ArrowRight') next();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-ink-950 p-0 text-white backdrop:bg-ink-950"
    >
      {photo && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
            <p className="truncate text-sm font-medium text-ink-200">
              <span data-user-text>{title}</span>
              {several && (
                <span className="ml-3 text-ink-400 tabular-nums">
                  <Msg id="catalog.gallery.counter" values={{ index: index + 1, count: photos.length }} />
                </span>
              )}
            </p>
            <button
              type="button"
              onClick={onClose}
              className="inline-flex size-10 items-center justify-center rounded-full text-ink-200 hover:bg-white/10 hover:text-white"
            >
              <Icon d={iconPaths.close} className="size-6" />
              <span className="sr-only">
                <Msg id="catalog.lightbox.close" />
              </span>
            </button>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-4 pb-6 sm:px-20">
            <img
              src={photo.url}
              alt={photo.alt}
              data-user-text={index === 0 || undefined}
              className="max-h-full max-w-full rounded-lg object-contain"
            />
            {several && (
              <>
                <ArrowButton
                  onClick={previous}
                  className="left-3 sm:left-6"
                  label={t('catalog.lightbox.previous')}
                  d={iconPaths.previous}
                />
                <ArrowButton
                  onClick={next}
                  className="right-3 sm:right-6"
                  label={t('catalog.lightbox.next')}
                  d={iconPaths.next}
                />
              </>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** One of the two arrows that step through the photos. */
function ArrowButton({
  onClick,
  className,
  label,
  d,
}: {
  onClick: () => void;
  className: string;
  label: string;
  d: string;
}) {
  return (
    <button type="button" onClick={onClick} className={`${arrowButton} ${className}`}>
      <Icon d={d} strokeWidth={2} />
      <span className="sr-only">{label}</span>
    </button>
  );
}
