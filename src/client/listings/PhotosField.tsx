import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { MAX_PHOTOS } from '#shared/products';
import { ACCEPTED_IMAGE_TYPES } from '#shared/uploads';
import { MessageBadge } from '#client/components/Badge';
import { Button } from '#client/components/Button';
import { cx } from '#client/components/cx';
import { FormField, Input } from '#client/components/FormField';
import type { PhotoItem, PhotoUploads } from './usePhotoUploads';
import { Icon, iconPaths } from '#client/components/Icon';
import { Msg, useT } from '#client/i18n';

interface PhotosFieldProps {
  photos: PhotoUploads;
  /** Tells the form the photos' keys, in order, after every change of the list. */
  onChange: (keys: string[]) => void;
  error?: string;
  /** The file input's, so the form can focus it when the photos are missing. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The listing's photos: a file input that takes several at once (or one at a time, again and
 * again), and a tile for each chosen photo with its upload progress, Make cover and Remove. The
 * first tile is the cover. Every action is a button, so the keyboard does all of it; after a
 * change, focus lands on the photo concerned (or the file input) rather than on nothing.
 */
export function PhotosField({ photos, onChange, error, inputRef }: PhotosFieldProps) {
  const tiles = useRef(new Map<string, HTMLLIElement>());
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** Why some of the files just chosen were not taken (wrong type, too big, one too many). */
  const [problem, setProblem] = useState<string | null>(null);
  const full = photos.items.length >= MAX_PHOTOS;
  const t = useT();

  useEffect(() => {
    if (focusTarget === null) return;
    if (focusTarget === 'input') fileInput.current?.focus();
    else tiles.current.get(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const keys = (items: readonly PhotoItem[]) => items.map((item) => item.key);

  function choose(files: FileList | null) {
    if (!files || files.length === 0) return;
    const { problems } = photos.add(Array.from(files));
    onChange(keys(photosAfter()));
    setProblem(problems.length > 0 ? problems.join('. ') : null);
  }

  // The hook's list is current as soon as its functions return; its state arrives with the next render.
  const photosAfter = () => photos.current();

  function makeCover(item: PhotoItem, number: number) {
    photos.makeCover(item.key);
    onChange(keys(photosAfter()));
    setAnnouncement(t('listings.photos.nowCover', { number }));
    setFocusTarget(item.key);
  }

  function remove(item: PhotoItem, index: number) {
    photos.remove(item.key);
    const rest = photosAfter();
    onChange(keys(rest));
    setProblem(null);
    setAnnouncement(t('listings.photos.removed', { number: index + 1, left: rest.length }));
    setFocusTarget(rest[Math.min(index, rest.length - 1)]?.key ?? 'input');
  }

  return (
    <div className="flex flex-col gap-4">
      <FormField
        label={t('listings.photos.label')}
        error={problem ?? error}
        hint={t('listings.photos.hint', { max: MAX_PHOTOS })}
      >
        <Input
          ref={(element) => {
            fileInput.current = element;
            if (typeof inputRef === 'function') inputRef(element);
            else if (inputRef) inputRef.current = element;
          }}
          type="file"
          multiple
          disabled={full}
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
          onChange={(event) => {
            choose(event.currentTarget.files);
            // Emptied, so the next choice (even of the same file) is a change again.
            event.currentTarget.value = '';
          }}
        />
      </FormField>

      {photos.items.length > 0 && (
        <ul aria-label={t('listings.photos.chosen')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.items.map((item, index) => (
            <PhotoTile
              key={item.key}
              item={item}
              index={index}
              tileRef={(element) => {
                if (element) tiles.current.set(item.key, element);
                else tiles.current.delete(item.key);
              }}
              onMakeCover={() => makeCover(item, index + 1)}
              onRemove={() => remove(item, index)}
              onRetry={() => photos.retry(item.key)}
            />
          ))}
        </ul>
      )}
      <p className="text-sm text-ink-500" aria-live="polite">
        {photos.items.length > 0 && t('listings.photos.count', { count: photos.items.length, max: MAX_PHOTOS })}
        <span className="sr-only"> {announcement}</span>
      </p>
    </div>
  );
}

interface PhotoTileProps {
  item: PhotoItem;
  index: number;
  tileRef: (element: HTMLLIElement | null) => void;
  onMakeCover: () => void;
  onRemove: () => void;
  onRetry: () => void;
}

function PhotoTile({ item, index, tileRef, onMakeCover, onRemove, onRetry }: PhotoTileProps) {
  const number = index + 1;
  const cover = index === 0;
  const percent = Math.round(item.share * 100);
  const t = useT();
  const name = t(cover ? 'listings.photos.tileCover' : 'listings.photos.tile', { number });
  const sr = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

  return (
    <li
      ref={tileRef}
      tabIndex={-1}
      aria-label={name}
      className={cx(
        'flex flex-col overflow-hidden rounded-card border bg-white shadow-xs outline-offset-2',
        cover ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-ink-200',
      )}
    >
      <div className="relative aspect-[4/3] bg-ink-100">
        <img
          src={item.preview}
          alt={t('listings.photos.alt', { name })}
          className={cx('size-full object-cover', item.status !== 'done' && 'opacity-70')}
        />
        {cover && (
          <MessageBadge tone="brand" className="absolute top-2 left-2 shadow-sm" message="listings.photos.cover" />
        )}
        {(item.status === 'waiting' || item.status === 'uploading') && (
          <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink-950/75 to-transparent px-3 pt-6 pb-2.5">
            <div className="mb-1 flex justify-between text-xs font-medium text-white">
              <span aria-hidden="true">
                {t(item.status === 'waiting' ? 'listings.photos.waiting' : 'listings.photos.uploading')}
              </span>
              <span aria-hidden="true" className="tabular-nums">
                <Msg id="listings.photos.percent" values={{ percent }} />
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={t('listings.photos.progress', { number })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 overflow-hidden rounded-full bg-white/30"
            >
              <div className="h-full rounded-full bg-white transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
        {item.status === 'done' && (
          <span className="absolute top-2 right-2 inline-flex size-6 items-center justify-center rounded-full bg-white/90 text-emerald-600 shadow-sm">
            <Icon d={iconPaths.check} className="size-4" solid />
            <span className="sr-only">
              <Msg id="listings.photos.uploaded" />
            </span>
          </span>
        )}
      </div>
      {item.status === 'failed' && (
        <p role="alert" className="border-t border-red-100 bg-red-50 px-3 py-2 text-xs text-red-700">
          {item.error}
        </p>
      )}
      <div className="mt-auto flex flex-col gap-1.5 border-t border-ink-100 p-2">
        {item.status === 'failed' && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            <Msg id="listings.photos.retry" values={{ number, sr }} />
          </Button>
        )}
        {cover ? (
          // In Make cover's place, so every tile's buttons line up.
          <span className="inline-flex h-8 items-center justify-center text-xs font-semibold text-brand-700">
            <Msg id="listings.photos.seenFirst" />
          </span>
        ) : (
          <Button size="sm" variant="secondary" onClick={onMakeCover}>
            <Msg id="listings.photos.makeCover" values={{ number, sr }} />
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onRemove} className="text-red-700 hover:bg-red-50">
          <Msg id="listings.photos.remove" values={{ number, sr }} />
        </Button>
      </div>
    </li>
  );
}
