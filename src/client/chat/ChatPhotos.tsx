import { useRef, useState } from 'react';
import { toast } from '#client/components/toast';
import { CHAT_PHOTOS_MAX, type ChatMessage } from '#shared/chat';
import { ACCEPTED_IMAGE_TYPES } from '#shared/uploads';
import { uploadImage } from '#client/api/uploads';
import { Button } from '#client/components/Button';
import { cx } from '#client/components/cx';
import { useT } from '#client/i18n';

export type ChatPhoto = ChatMessage['photos'][number];

/** The photos chosen for the next message, each uploaded as soon as it is picked. */
export function usePhotoPicker() {
  const t = useT();
  const [photos, setPhotos] = useState<ChatPhoto[]>([]);
  const [uploading, setUploading] = useState(0);
  const add = async (files: File[]) => {
    const room = CHAT_PHOTOS_MAX - photos.length - uploading;
    if (files.length > room) toast.error(t('chat.photos.tooMany', { max: CHAT_PHOTOS_MAX }));
    const chosen = files.slice(0, Math.max(0, room));
    setUploading((n) => n + chosen.length);
    for (const file of chosen) {
      try {
        const { data } = await uploadImage({ file });
        setPhotos((list) => [...list, { url: data.url, thumbUrl: data.thumbUrl }]);
      } catch (error) {
        toast.error(error instanceof Error ? error.message : t('chat.photos.uploadFailed'));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  const remove = (url: string) => setPhotos((list) => list.filter((photo) => photo.url !== url));
  return { photos, uploading, add, remove, clear: () => setPhotos([]) };
}

/** Add photos, and the ones chosen so far with a button each to take it out again. */
export function PhotoPicker({ picker }: { picker: ReturnType<typeof usePhotoPicker> }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const full = picker.photos.length + picker.uploading >= CHAT_PHOTOS_MAX;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void picker.add(files);
        }}
      />
      <Button
        type="button"
        size="sm"
        variant="secondary"
        disabled={full}
        loading={picker.uploading > 0}
        onClick={() => input.current?.click()}
      >
        {t('chat.photos.add')}
      </Button>
      {picker.photos.map((photo, index) => (
        <span key={photo.url} className="relative">
          <img
            src={photo.thumbUrl}
            alt={t('chat.photos.toSend', { index: index + 1 })}
            className="size-12 rounded-control object-cover"
          />
          <button
            type="button"
            onClick={() => picker.remove(photo.url)}
            aria-label={t('chat.photos.remove', { index: index + 1 })}
            className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full bg-ink-800 text-xs text-white"
          >
            ×
          </button>
        </span>
      ))}
    </div>
  );
}

/** A message's photos: thumbnails that open the full picture. */
export function MessagePhotos({ photos, mine }: { photos: ChatPhoto[]; mine: boolean }) {
  const t = useT();
  if (photos.length === 0) return null;
  return (
    <span className={cx('flex flex-wrap gap-1.5', mine ? 'justify-end' : 'justify-start')}>
      {photos.map((photo, index) => (
        <a key={photo.url} href={photo.url} target="_blank" rel="noreferrer" className="block">
          <img
            src={photo.thumbUrl}
            alt={t('chat.photos.ofTotal', { index: index + 1, total: photos.length })}
            className="size-28 rounded-xl object-cover ring-1 ring-ink-200"
            loading="lazy"
          />
        </a>
      ))}
    </span>
  );
}
